import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`form_submissions_history\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`action\` text NOT NULL,
  	\`by\` text NOT NULL,
  	\`at\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`form_submissions\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`form_submissions_history_order_idx\` ON \`form_submissions_history\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`form_submissions_history_parent_id_idx\` ON \`form_submissions_history\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`chat_canned_replies\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`text\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`chat_canned_replies_updated_at_idx\` ON \`chat_canned_replies\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`chat_canned_replies_created_at_idx\` ON \`chat_canned_replies\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`form_submissions\` ADD \`handled_at\` text;`)
  await db.run(sql`CREATE INDEX \`form_submissions_handled_at_idx\` ON \`form_submissions\` (\`handled_at\`);`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` ADD \`last_message_at\` text;`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` ADD \`ended_at\` text;`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` ADD \`rating\` text;`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` ADD \`rated_at\` text;`)
  await db.run(sql`CREATE INDEX \`chat_conversations_status_idx\` ON \`chat_conversations\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`chat_conversations_ended_at_idx\` ON \`chat_conversations\` (\`ended_at\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`chat_canned_replies_id\` integer REFERENCES chat_canned_replies(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_chat_canned_replies_id_idx\` ON \`payload_locked_documents_rels\` (\`chat_canned_replies_id\`);`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`chat_retention_days\` numeric;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`form_submissions_history\`;`)
  await db.run(sql`DROP TABLE \`chat_canned_replies\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`pages_id\` integer,
  	\`redirects_id\` integer,
  	\`media_id\` integer,
  	\`forms_id\` integer,
  	\`form_submissions_id\` integer,
  	\`users_id\` integer,
  	\`analytics_events_id\` integer,
  	\`analytics_salts_id\` integer,
  	\`chat_conversations_id\` integer,
  	\`chat_events_id\` integer,
  	\`chat_files_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`pages_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`redirects_id\`) REFERENCES \`redirects\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`forms_id\`) REFERENCES \`forms\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`form_submissions_id\`) REFERENCES \`form_submissions\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`analytics_events_id\`) REFERENCES \`analytics_events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`analytics_salts_id\`) REFERENCES \`analytics_salts\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`chat_conversations_id\`) REFERENCES \`chat_conversations\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`chat_events_id\`) REFERENCES \`chat_events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`chat_files_id\`) REFERENCES \`chat_files\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "pages_id", "redirects_id", "media_id", "forms_id", "form_submissions_id", "users_id", "analytics_events_id", "analytics_salts_id", "chat_conversations_id", "chat_events_id", "chat_files_id") SELECT "id", "order", "parent_id", "path", "pages_id", "redirects_id", "media_id", "forms_id", "form_submissions_id", "users_id", "analytics_events_id", "analytics_salts_id", "chat_conversations_id", "chat_events_id", "chat_files_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_pages_id_idx\` ON \`payload_locked_documents_rels\` (\`pages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_redirects_id_idx\` ON \`payload_locked_documents_rels\` (\`redirects_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_forms_id_idx\` ON \`payload_locked_documents_rels\` (\`forms_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_form_submissions_id_idx\` ON \`payload_locked_documents_rels\` (\`form_submissions_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_analytics_events_id_idx\` ON \`payload_locked_documents_rels\` (\`analytics_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_analytics_salts_id_idx\` ON \`payload_locked_documents_rels\` (\`analytics_salts_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_chat_conversations_id_idx\` ON \`payload_locked_documents_rels\` (\`chat_conversations_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_chat_events_id_idx\` ON \`payload_locked_documents_rels\` (\`chat_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_chat_files_id_idx\` ON \`payload_locked_documents_rels\` (\`chat_files_id\`);`)
  await db.run(sql`DROP INDEX \`form_submissions_handled_at_idx\`;`)
  await db.run(sql`ALTER TABLE \`form_submissions\` DROP COLUMN \`handled_at\`;`)
  await db.run(sql`DROP INDEX \`chat_conversations_status_idx\`;`)
  await db.run(sql`DROP INDEX \`chat_conversations_ended_at_idx\`;`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` DROP COLUMN \`last_message_at\`;`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` DROP COLUMN \`ended_at\`;`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` DROP COLUMN \`rating\`;`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` DROP COLUMN \`rated_at\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`chat_retention_days\`;`)
}
