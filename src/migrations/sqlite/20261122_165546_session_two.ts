import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`captcha_answers\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`key\` text NOT NULL,
  	\`expires_at\` text NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`captcha_answers_key_idx\` ON \`captcha_answers\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`captcha_answers_expires_at_idx\` ON \`captcha_answers\` (\`expires_at\`);`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`captcha_hold_without_java_script\` integer DEFAULT true;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`chat_default_widget\` text DEFAULT 'chat';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`captcha_answers\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`captcha_hold_without_java_script\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`chat_default_widget\`;`)
}
