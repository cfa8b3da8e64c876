import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`chat_conversations\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`visitor_token_hash\` text NOT NULL,
  	\`status\` text DEFAULT 'browsing',
  	\`name\` text,
  	\`email\` text,
  	\`session_variables\` text,
  	\`current_page\` text,
  	\`agent_id\` integer,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`agent_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`chat_conversations_visitor_token_hash_idx\` ON \`chat_conversations\` (\`visitor_token_hash\`);`)
  await db.run(sql`CREATE INDEX \`chat_conversations_agent_idx\` ON \`chat_conversations\` (\`agent_id\`);`)
  await db.run(sql`CREATE INDEX \`chat_conversations_updated_at_idx\` ON \`chat_conversations\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`chat_conversations_created_at_idx\` ON \`chat_conversations\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`chat_events\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`conversation_id\` integer NOT NULL,
  	\`type\` text NOT NULL,
  	\`author_type\` text NOT NULL,
  	\`author_name\` text,
  	\`text\` text,
  	\`data\` text,
  	\`file_id\` integer,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`conversation_id\`) REFERENCES \`chat_conversations\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`file_id\`) REFERENCES \`chat_files\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`chat_events_conversation_idx\` ON \`chat_events\` (\`conversation_id\`);`)
  await db.run(sql`CREATE INDEX \`chat_events_file_idx\` ON \`chat_events\` (\`file_id\`);`)
  await db.run(sql`CREATE INDEX \`chat_events_updated_at_idx\` ON \`chat_events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`chat_events_created_at_idx\` ON \`chat_events\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`chat_files\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`conversation_id\` integer NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`url\` text,
  	\`thumbnail_u_r_l\` text,
  	\`filename\` text,
  	\`mime_type\` text,
  	\`filesize\` numeric,
  	\`width\` numeric,
  	\`height\` numeric,
  	\`focal_x\` numeric,
  	\`focal_y\` numeric,
  	FOREIGN KEY (\`conversation_id\`) REFERENCES \`chat_conversations\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`chat_files_conversation_idx\` ON \`chat_files\` (\`conversation_id\`);`)
  await db.run(sql`CREATE INDEX \`chat_files_updated_at_idx\` ON \`chat_files\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`chat_files_created_at_idx\` ON \`chat_files\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`chat_files_filename_idx\` ON \`chat_files\` (\`filename\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`chat_conversations_id\` integer REFERENCES chat_conversations(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`chat_events_id\` integer REFERENCES chat_events(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`chat_files_id\` integer REFERENCES chat_files(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_chat_conversations_id_idx\` ON \`payload_locked_documents_rels\` (\`chat_conversations_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_chat_events_id_idx\` ON \`payload_locked_documents_rels\` (\`chat_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_chat_files_id_idx\` ON \`payload_locked_documents_rels\` (\`chat_files_id\`);`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`chat_license_expires_at\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`chat_conversations\`;`)
  await db.run(sql`DROP TABLE \`chat_events\`;`)
  await db.run(sql`DROP TABLE \`chat_files\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`pages_id\` integer,
  	\`media_id\` integer,
  	\`forms_id\` integer,
  	\`form_submissions_id\` integer,
  	\`users_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`pages_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`forms_id\`) REFERENCES \`forms\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`form_submissions_id\`) REFERENCES \`form_submissions\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "pages_id", "media_id", "forms_id", "form_submissions_id", "users_id") SELECT "id", "order", "parent_id", "path", "pages_id", "media_id", "forms_id", "form_submissions_id", "users_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_pages_id_idx\` ON \`payload_locked_documents_rels\` (\`pages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_forms_id_idx\` ON \`payload_locked_documents_rels\` (\`forms_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_form_submissions_id_idx\` ON \`payload_locked_documents_rels\` (\`form_submissions_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`chat_license_expires_at\`;`)
}
