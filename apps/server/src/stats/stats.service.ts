import type { Db } from '@preciofab/db/client';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { statsRepository } from '@preciofab/db/repositories/stats.repository';
import type { AnalyticsSummary } from '@preciofab/shared/contracts/analytics';
import type { DashboardStats } from '@preciofab/shared/contracts/stats';
import type { Language } from '@preciofab/shared/catalogue';
import { translate } from '@preciofab/shared/i18n/messages';
import { relativeTime } from '@preciofab/shared/relative-time';

const RECENT_ACTIVITY = 6;
// The product's operators are in Mexico: "crawls today" counts by their calendar day.
const OPERATOR_TIME_ZONE = 'America/Mexico_City';

function stringValues(details: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(details)) {
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  return out;
}

const num = (v: string | null): number | null => (v === null ? null : Number(v));
const whole = (v: string | null): number => Math.round(Number(v ?? 0));
const score = (v: string | null): number => Math.min(1, Math.max(0, Number(v ?? 0)));

export function createStatsService(db: Db) {
  return {
    /** The analytics cards: technologies counted and the average confidence with its breakdown. */
    async analytics(): Promise<AnalyticsSummary> {
      const [avg, technologies] = await Promise.all([
        statsRepository.confidenceAverages(db),
        statsRepository.technologyCounts(db),
      ]);
      const deviation = num(avg.price_deviation);
      return {
        total_observations: avg.n,
        technologies,
        average_confidence: avg.n === 0 ? null : score(avg.score),
        confidence:
          avg.n === 0
            ? null
            : {
                source_reliability: {
                  score: score(avg.source),
                  factors: { vendor_observations: whole(avg.vendor_observations) },
                },
                data_completeness: {
                  score: score(avg.completeness),
                  factors: {
                    required_fields: whole(avg.required_fields),
                    present_fields: whole(avg.present_fields),
                  },
                },
                price_consistency: {
                  score: score(avg.consistency),
                  factors: {
                    similar_observations: whole(avg.similar_observations),
                    price_deviation: deviation === null ? null : Math.round(deviation * 10) / 10,
                  },
                },
                temporal_relevance: {
                  score: score(avg.freshness),
                  factors: { age_days: whole(avg.age_days) },
                },
              },
      };
    },

    /** The dashboard's counts (kept by triggers, so no refresh scans the observations) and the
     * most recent activity in the caller's language. */
    async dashboard(lang: Language, now = new Date()): Promise<DashboardStats> {
      const [counts, activity] = await Promise.all([
        statsRepository.dashboardCounts(db, OPERATOR_TIME_ZONE),
        activityRepository.recent(db, RECENT_ACTIVITY),
      ]);
      return {
        ...counts,
        last_benchmark_update: counts.last_benchmark_update?.toISOString() ?? null,
        recent_activity: activity.map((a) => ({
          id: a.id,
          description: translate(lang, `activity.${a.action}`, stringValues(a.details)),
          time_ago: relativeTime(a.occurred_at, lang === 'es' ? 'es-MX' : 'en-US', now.getTime()),
          occurred_at: a.occurred_at.toISOString(),
          action: a.action,
          entity_type: a.entity_type,
          entity_id: a.entity_id,
        })),
      };
    },
  };
}
