"""The faces of Podium: the command line, printed documents and spreadsheets."""
