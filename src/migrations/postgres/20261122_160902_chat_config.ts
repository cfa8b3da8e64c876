import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_site_settings_chat_default_widget" AS ENUM('chat', 'contact-form');
  ALTER TABLE "site_settings" ADD COLUMN "chat_default_widget" "enum_site_settings_chat_default_widget" DEFAULT 'chat';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" DROP COLUMN "chat_default_widget";
  DROP TYPE "public"."enum_site_settings_chat_default_widget";`)
}
