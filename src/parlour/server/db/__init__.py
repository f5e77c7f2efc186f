"""The database's layout beside ``storage``'s own tables: the accounts' and the chat's tables, the migration that
brings the schema to its newest revision at start, and the keys of the advisory locks the processes share."""
