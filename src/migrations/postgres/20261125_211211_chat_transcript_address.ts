import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "chat_conversations" ADD COLUMN "transcript_email" varchar;
  ALTER TABLE "chat_conversations" ADD COLUMN "started_at" timestamp(3) with time zone;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "chat_conversations" DROP COLUMN "transcript_email";
  ALTER TABLE "chat_conversations" DROP COLUMN "started_at";`)
}
