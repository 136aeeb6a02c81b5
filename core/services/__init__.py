"""Commands and queries: what every face (CLI, print, web) calls to change or read a meet."""
