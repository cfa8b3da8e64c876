import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`site_settings_texts\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer NOT NULL,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`text\` text,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`site_settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`site_settings_texts_order_parent\` ON \`site_settings_texts\` (\`order\`,\`parent_id\`);`)
  await db.run(sql`DROP TABLE \`site_settings_analytics_denied_regions\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`analytics_banner_text\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`site_settings_analytics_denied_regions\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`code\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`site_settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`site_settings_analytics_denied_regions_order_idx\` ON \`site_settings_analytics_denied_regions\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`site_settings_analytics_denied_regions_parent_id_idx\` ON \`site_settings_analytics_denied_regions\` (\`_parent_id\`);`)
  await db.run(sql`DROP TABLE \`site_settings_texts\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`analytics_banner_text\`;`)
}
