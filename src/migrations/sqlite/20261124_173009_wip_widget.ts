import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`chat_conversations\` ADD \`rating\` text;`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` ADD \`rated_at\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`chat_conversations\` DROP COLUMN \`rating\`;`)
  await db.run(sql`ALTER TABLE \`chat_conversations\` DROP COLUMN \`rated_at\`;`)
}
