import { type Kysely, PostgresAdapter } from 'kysely';

// Uploaded documents' bytes in the database (UPLOAD_STORAGE=database), so that every instance over one
// database can serve what another stored (docs/uploads.md).
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('upload_blobs')
    .addColumn('storage_key', 'text', (c) => c.primaryKey())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_blobs').ifExists().execute();
}
