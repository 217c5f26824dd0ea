import GymDomain

// This module imports both GymDomain and HearthDomain, and each has an `Email`: the gym's member email
// (GymDomain) and Hearth's sign-in email (issue 16). Here `Email` is the gym's.
public typealias Email = GymDomain.Email
