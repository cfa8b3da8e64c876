import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`site_settings_business_opening_hours_days\` (
  	\`order\` integer NOT NULL,
  	\`parent_id\` text NOT NULL,
  	\`value\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`site_settings_business_opening_hours\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`site_settings_business_opening_hours_days_order_idx\` ON \`site_settings_business_opening_hours_days\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`site_settings_business_opening_hours_days_parent_idx\` ON \`site_settings_business_opening_hours_days\` (\`parent_id\`);`)
  await db.run(sql`CREATE TABLE \`site_settings_business_opening_hours\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`opens\` text NOT NULL,
  	\`closes\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`site_settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`site_settings_business_opening_hours_order_idx\` ON \`site_settings_business_opening_hours\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`site_settings_business_opening_hours_parent_id_idx\` ON \`site_settings_business_opening_hours\` (\`_parent_id\`);`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`business_hours_note\` text;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`business_hours\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`chat_business_hours\`;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`site_settings_business_opening_hours_days\`;`)
  await db.run(sql`DROP TABLE \`site_settings_business_opening_hours\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`business_hours\` text;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`chat_business_hours\` text;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`business_hours_note\`;`)
}
