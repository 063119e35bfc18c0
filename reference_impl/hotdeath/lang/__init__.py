"""Front end of the rules language: parse (text to AST), then check (AST to model)."""
