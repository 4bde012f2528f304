ALTER TABLE "notification_digests" DROP CONSTRAINT "notification_digests_user_uid_session_pk";--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_uid_country_id_session_pk" PRIMARY KEY("user_uid","country_id","session");--> statement-breakpoint
ALTER TABLE "notification_digests" ADD COLUMN "country_id" integer NOT NULL;