import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_chat_conversations_status" ADD VALUE 'ended';
  ALTER TABLE "chat_conversations" ADD COLUMN "last_message_at" timestamp(3) with time zone;
  ALTER TABLE "chat_conversations" ADD COLUMN "ended_at" timestamp(3) with time zone;
  ALTER TABLE "site_settings" ADD COLUMN "chat_retention_days" numeric;
  CREATE INDEX "chat_conversations_status_idx" ON "chat_conversations" USING btree ("status");
  CREATE INDEX "chat_conversations_ended_at_idx" ON "chat_conversations" USING btree ("ended_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "chat_conversations" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "chat_conversations" ALTER COLUMN "status" SET DEFAULT 'browsing'::text;
  DROP TYPE "public"."enum_chat_conversations_status";
  CREATE TYPE "public"."enum_chat_conversations_status" AS ENUM('browsing', 'invited', 'queued', 'chatting');
  ALTER TABLE "chat_conversations" ALTER COLUMN "status" SET DEFAULT 'browsing'::"public"."enum_chat_conversations_status";
  ALTER TABLE "chat_conversations" ALTER COLUMN "status" SET DATA TYPE "public"."enum_chat_conversations_status" USING "status"::"public"."enum_chat_conversations_status";
  DROP INDEX "chat_conversations_status_idx";
  DROP INDEX "chat_conversations_ended_at_idx";
  ALTER TABLE "chat_conversations" DROP COLUMN "last_message_at";
  ALTER TABLE "chat_conversations" DROP COLUMN "ended_at";
  ALTER TABLE "site_settings" DROP COLUMN "chat_retention_days";`)
}
