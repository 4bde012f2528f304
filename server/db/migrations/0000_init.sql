CREATE TABLE "users" (
	"uid" text PRIMARY KEY NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"accept_terms" boolean DEFAULT false NOT NULL,
	"accepted_terms_at" timestamp with time zone,
	"stripe_customer_id" text,
	"subscription_status" text DEFAULT 'inactive' NOT NULL,
	"group_id" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
