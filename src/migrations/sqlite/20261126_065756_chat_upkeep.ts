import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`chat_idle_end_minutes\` numeric DEFAULT 30;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`chat_left_queue_minutes\` numeric DEFAULT 5;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`chat_idle_end_minutes\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`chat_left_queue_minutes\`;`)
}
