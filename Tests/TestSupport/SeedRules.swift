/// The security rules the seeds ship, verbatim: shared by the tests that run them (the emulator's
/// and Hearth's rules engine).
public enum SeedRules {
    /// Seed 001's `firestore.rules` (SwiftfulDataManagersFirebase's README).
    public static let seed001 = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            // Allow authenticated users to read/write their own documents
            match /users/{userId} {
              allow read, write: if request.auth != null && request.auth.uid == userId;
            }

            // Allow authenticated users to read all products, write if admin
            match /products/{document=**} {
              allow read: if request.auth != null;
              allow write: if request.auth != null && request.auth.token.admin == true;
            }
          }
        }
        """

    /// Seed 002's `firestore.rules` (Paso 5).
    public static let seed002 = """
        rules_version = '2';

        service cloud.firestore {
          match /databases/{database}/documents {

            // Productos: cualquier usuario autenticado puede leer
            match /products/{productId} {
              allow read: if request.auth != null;
              allow write: if false; // Solo admin (via consola o Cloud Functions)
            }

            // Usuarios: cada usuario solo puede leer/escribir su propio doc
            match /users/{userId} {
              allow read, write: if request.auth != null && request.auth.uid == userId;
            }

            // Por defecto: denegar todo
            match /{document=**} {
              allow read, write: if false;
            }
          }
        }
        """
}
