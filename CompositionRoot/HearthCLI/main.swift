print("hearth: not yet implemented")
