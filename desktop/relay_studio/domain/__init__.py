"""Pure data and validation for Relay Studio: no I/O lives here."""
