import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`chat_conversations\` ADD \`transcript_email\` text;`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` ADD \`started_at\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`chat_conversations\` DROP COLUMN \`transcript_email\`;`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` DROP COLUMN \`started_at\`;`)
}
