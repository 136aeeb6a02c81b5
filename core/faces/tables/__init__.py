"""Tables for spreadsheets: standings and entrant lists as CSV and XLSX."""
