"""The database schema's Alembic revisions, shipped with the package and run by ``parlour.server.db.migration``."""
