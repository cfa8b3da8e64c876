import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`chat_conversations\` ADD \`last_message_at\` text;`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` ADD \`ended_at\` text;`)
  await db.run(sql`CREATE INDEX \`chat_conversations_status_idx\` ON \`chat_conversations\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`chat_conversations_ended_at_idx\` ON \`chat_conversations\` (\`ended_at\`);`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`chat_retention_days\` numeric;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`chat_conversations_status_idx\`;`)
  await db.run(sql`DROP INDEX \`chat_conversations_ended_at_idx\`;`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` DROP COLUMN \`last_message_at\`;`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` DROP COLUMN \`ended_at\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`chat_retention_days\`;`)
}
