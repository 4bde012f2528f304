ALTER TABLE "analysis_snapshots" ADD COLUMN "patterns" jsonb;--> statement-breakpoint
ALTER TABLE "analysis_snapshots" ADD COLUMN "active_patterns" jsonb;