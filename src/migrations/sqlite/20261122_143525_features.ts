import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`analytics_events\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`ts\` text NOT NULL,
  	\`day\` text NOT NULL,
  	\`path\` text NOT NULL,
  	\`url\` text,
  	\`referrer_host\` text,
  	\`device\` text,
  	\`visitor\` text NOT NULL,
  	\`session\` text NOT NULL,
  	\`conversion\` integer DEFAULT false,
  	\`props\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`analytics_events_name_idx\` ON \`analytics_events\` (\`name\`);`)
  await db.run(sql`CREATE INDEX \`analytics_events_day_idx\` ON \`analytics_events\` (\`day\`);`)
  await db.run(sql`CREATE INDEX \`analytics_events_referrer_host_idx\` ON \`analytics_events\` (\`referrer_host\`);`)
  await db.run(sql`CREATE INDEX \`analytics_events_session_idx\` ON \`analytics_events\` (\`session\`);`)
  await db.run(sql`CREATE INDEX \`analytics_events_updated_at_idx\` ON \`analytics_events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`analytics_events_created_at_idx\` ON \`analytics_events\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`day_name_idx\` ON \`analytics_events\` (\`day\`,\`name\`);`)
  await db.run(sql`CREATE INDEX \`day_path_idx\` ON \`analytics_events\` (\`day\`,\`path\`);`)
  await db.run(sql`CREATE INDEX \`day_visitor_idx\` ON \`analytics_events\` (\`day\`,\`visitor\`);`)
  await db.run(sql`CREATE TABLE \`analytics_salts\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`day\` text NOT NULL,
  	\`salt\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`analytics_salts_day_idx\` ON \`analytics_salts\` (\`day\`);`)
  await db.run(sql`CREATE INDEX \`analytics_salts_updated_at_idx\` ON \`analytics_salts\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`analytics_salts_created_at_idx\` ON \`analytics_salts\` (\`created_at\`);`)
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
  await db.run(sql`CREATE TABLE \`payload_jobs_log\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`executed_at\` text NOT NULL,
  	\`completed_at\` text NOT NULL,
  	\`task_slug\` text NOT NULL,
  	\`task_i_d\` text NOT NULL,
  	\`input\` text,
  	\`output\` text,
  	\`state\` text NOT NULL,
  	\`error\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`payload_jobs\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`payload_jobs_log_order_idx\` ON \`payload_jobs_log\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_log_parent_id_idx\` ON \`payload_jobs_log\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`payload_jobs\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`input\` text,
  	\`completed_at\` text,
  	\`total_tried\` numeric DEFAULT 0,
  	\`has_error\` integer DEFAULT false,
  	\`error\` text,
  	\`task_slug\` text,
  	\`queue\` text DEFAULT 'default',
  	\`wait_until\` text,
  	\`processing\` integer DEFAULT false,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`payload_jobs_completed_at_idx\` ON \`payload_jobs\` (\`completed_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_total_tried_idx\` ON \`payload_jobs\` (\`total_tried\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_has_error_idx\` ON \`payload_jobs\` (\`has_error\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_task_slug_idx\` ON \`payload_jobs\` (\`task_slug\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_queue_idx\` ON \`payload_jobs\` (\`queue\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_wait_until_idx\` ON \`payload_jobs\` (\`wait_until\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_processing_idx\` ON \`payload_jobs\` (\`processing\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_updated_at_idx\` ON \`payload_jobs\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_created_at_idx\` ON \`payload_jobs\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`form_submissions\` ADD \`summary\` text;`)
  await db.run(sql`ALTER TABLE \`form_submissions\` ADD \`confirmation_sent_at\` text;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`analytics_events_id\` integer REFERENCES analytics_events(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`analytics_salts_id\` integer REFERENCES analytics_salts(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`chat_conversations_id\` integer REFERENCES chat_conversations(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`chat_events_id\` integer REFERENCES chat_events(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`chat_files_id\` integer REFERENCES chat_files(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_analytics_events_id_idx\` ON \`payload_locked_documents_rels\` (\`analytics_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_analytics_salts_id_idx\` ON \`payload_locked_documents_rels\` (\`analytics_salts_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_chat_conversations_id_idx\` ON \`payload_locked_documents_rels\` (\`chat_conversations_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_chat_events_id_idx\` ON \`payload_locked_documents_rels\` (\`chat_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_chat_files_id_idx\` ON \`payload_locked_documents_rels\` (\`chat_files_id\`);`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`chat_license_expires_at\` text;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`analytics_tag_origins_google\` text;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`analytics_tag_origins_clarity\` text;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`analytics_tag_origins_hotjar\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`analytics_events\`;`)
  await db.run(sql`DROP TABLE \`analytics_salts\`;`)
  await db.run(sql`DROP TABLE \`chat_conversations\`;`)
  await db.run(sql`DROP TABLE \`chat_events\`;`)
  await db.run(sql`DROP TABLE \`chat_files\`;`)
  await db.run(sql`DROP TABLE \`payload_jobs_log\`;`)
  await db.run(sql`DROP TABLE \`payload_jobs\`;`)
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
  await db.run(sql`ALTER TABLE \`form_submissions\` DROP COLUMN \`summary\`;`)
  await db.run(sql`ALTER TABLE \`form_submissions\` DROP COLUMN \`confirmation_sent_at\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`chat_license_expires_at\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`analytics_tag_origins_google\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`analytics_tag_origins_clarity\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`analytics_tag_origins_hotjar\`;`)
}
