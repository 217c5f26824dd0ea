print("hearth-bench: not yet implemented")
