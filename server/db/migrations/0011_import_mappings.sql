CREATE TABLE "import_mappings" (
	"user_uid" text NOT NULL,
	"broker_key" text NOT NULL,
	"broker" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_user_uid_broker_key_pk" PRIMARY KEY("user_uid","broker_key")
);
--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;