import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Every invoice mail and every address-confirmation mail sent, so the per-user and per-address limits hold across
  // instances. A confirmation carries the hash of its one-time link and the invoice it will send.
  await db.schema
    .createTable('invoice_mails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('invoice', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('expires_at', 'text')
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_mails_user_idx')
    .on('invoice_mails')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('invoice_mails_address_idx')
    .on('invoice_mails')
    .columns(['address', 'created_at'])
    .execute();
  // Addresses a user proved they read (by opening a confirmation link): later invoices go there at once.
  await db.schema
    .createTable('invoice_addresses')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_addresses_pk', ['user_id', 'address'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_addresses').ifExists().execute();
  await db.schema.dropTable('invoice_mails').ifExists().execute();
}
