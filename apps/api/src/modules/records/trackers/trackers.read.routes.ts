import {
  averageHistoryLastQuerySchema,
  averageHistoryLastResponseSchema,
  chartResponseSchema,
  dietProgressResponseSchema,
  errorResponseSchema,
  heartRateHistoryQuerySchema,
  heartRateRangeQuerySchema,
  historyQuerySchema,
  latestTrackersResponseSchema,
  periodAverageQuerySchema,
  periodAverageResponseSchema,
  readingHistoryResponseSchema,
  respiratoryChartQuerySchema,
  respiratoryChartResponseSchema,
  respiratoryHistoryResponseSchema,
  trackerChartQuerySchema,
  vitalsQuerySchema,
  vitalsResponseSchema,
  weightChartQuerySchema,
  weightChartResponseSchema,
  weightHistoryResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import {
  getHeartRateHalfHourly,
  getHeartRateHistory,
  getLatestTrackers,
  getPeriodAverage,
  getReadingChart,
  getReadingHistory,
  getRespiratoryChart,
  getRespiratoryHistory,
  getRespiratoryLastAverage,
} from './trackers.read.service.ts';
import { getPetVitals } from './trackers.vitals.service.ts';
import { getDietProgress, getWeightChart, getWeightHistory } from './trackers.weight.service.ts';

const tags = ['trackers'];
/** Weight reads sit with the weight writes (trackers.weight.routes.ts) in the document. */
const weightTags = ['weight'];
const idParams = z.object({ id: z.uuid() });
const readErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

const chartTimeNote =
  "The period is the pet's local calendar day (48 half hours; 46 or 50 on a DST change), ISO week " +
  '(168 hours; 167 or 169 when the clocks change) or month (local days) around `date` (seconds, default ' +
  'now). Every bucket is present; empty ones have count 0 and null values.';

/**
 * A pet's trackers (SPEC §7), mounted on `/v1/pets` beside the pets module: every path here has a
 * segment after `:id`, and the heart-rate paths are static (`heart-rate/...`), which the router
 * prefers to `:id`.
 */
export const trackersReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, now: app.clock.now };

  app.get(
    '/:id/weight-history',
    {
      schema: {
        operationId: 'listPetWeightHistory',
        tags: weightTags,
        description:
          'Weight entries (kg), newest first by default; each has its variation from the entry before it ' +
          "and a sentiment against the pet's target weight.",
        params: idParams,
        querystring: historyQuerySchema,
        response: { 200: weightHistoryResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      getWeightHistory({ ...deps, actor: sessionVet(request) }, request.params.id, request.query),
  );

  app.get(
    '/:id/weight-history/chart',
    {
      schema: {
        operationId: 'getPetWeightChart',
        tags: weightTags,
        description:
          "Week and month: one bucket per local day; year: the ISO week-year's 52 or 53 weeks. Includes the " +
          'target weight.',
        params: idParams,
        querystring: weightChartQuerySchema,
        response: { 200: weightChartResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      getWeightChart({ ...deps, actor: sessionVet(request) }, request.params.id, request.query),
  );

  app.get(
    '/:id/diet-progress',
    {
      schema: {
        operationId: 'getPetDietProgress',
        tags: weightTags,
        description:
          "How the pet's current published weight-loss or weight-gain diet is doing: the planned line from " +
          'its start weight to the target at 1 % of the start weight a week, the latest entry against it ' +
          '(on track, behind or ahead within 2 %), the date the current least-squares rate reaches the ' +
          'target, and an earlier assessment suggested after three weeks behind. Null with the reason ' +
          'when there is no such goal.',
        params: idParams,
        response: { 200: dietProgressResponseSchema, ...readErrors },
      },
    },
    async (request) => getDietProgress({ db: deps.db }, sessionVet(request), request.params.id),
  );

  app.get(
    '/:id/respiratory-history',
    {
      schema: {
        operationId: 'listPetRespiratoryHistory',
        tags,
        description: "Respiratory readings, each flagged against the pet's current thresholds.",
        params: idParams,
        querystring: historyQuerySchema,
        response: { 200: respiratoryHistoryResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      getRespiratoryHistory({ ...deps, actor: sessionVet(request) }, request.params.id, request.query),
  );

  app.get(
    '/:id/respiratory-history/chart',
    {
      schema: {
        operationId: 'getPetRespiratoryChart',
        tags,
        description:
          `${chartTimeNote} With \`startDate\` and \`endDate\` instead: up to 2 days in half hours, 16 days in ` +
          'hours, 400 days in local days (widened to whole buckets); longer is `trackers.range_too_long`.',
        params: idParams,
        querystring: respiratoryChartQuerySchema,
        response: { 200: respiratoryChartResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      getRespiratoryChart({ ...deps, actor: sessionVet(request) }, request.params.id, request.query),
  );

  app.get(
    '/:id/respiratory-history/average-history/last',
    {
      schema: {
        operationId: 'getPetRespiratoryLastAverage',
        tags,
        description:
          'The average of the last complete local day before the day containing `at` (default now), or null.',
        params: idParams,
        querystring: averageHistoryLastQuerySchema,
        response: { 200: averageHistoryLastResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      getRespiratoryLastAverage({ ...deps, actor: sessionVet(request) }, request.params.id, request.query.at),
  );

  for (const { path, kind, name } of [
    { path: 'shaking', kind: 'shaking', name: 'Shaking' },
    { path: 'drinking', kind: 'drinking', name: 'Drinking' },
  ] as const) {
    app.get(
      `/:id/${path}`,
      {
        schema: {
          operationId: `listPet${name}History`,
          tags,
          description: `${name} readings (${kind === 'shaking' ? 'episodes per interval' : 'seconds per bout'}).`,
          params: idParams,
          querystring: historyQuerySchema,
          response: { 200: readingHistoryResponseSchema, ...readErrors },
        },
      },
      async (request) =>
        getReadingHistory({ ...deps, actor: sessionVet(request) }, request.params.id, kind, request.query),
    );

    app.get(
      `/:id/${path}/chart`,
      {
        schema: {
          operationId: `getPet${name}Chart`,
          tags,
          description: `${chartTimeNote} \`sum\` is the bucket's total.`,
          params: idParams,
          querystring: trackerChartQuerySchema,
          response: { 200: chartResponseSchema, ...readErrors },
        },
      },
      async (request) =>
        getReadingChart({ ...deps, actor: sessionVet(request) }, request.params.id, kind, request.query),
    );

    app.get(
      `/:id/${path}/average`,
      {
        schema: {
          operationId: `getPet${name}Average`,
          tags,
          description:
            'Daily totals averaged over the `days` complete local days before the day containing `at` ' +
            '(default now), beside the `days` before them; days without readings are left out.',
          params: idParams,
          querystring: periodAverageQuerySchema,
          response: { 200: periodAverageResponseSchema, ...readErrors },
        },
      },
      async (request) =>
        getPeriodAverage({ ...deps, actor: sessionVet(request) }, request.params.id, kind, request.query),
    );
  }

  app.get(
    '/heart-rate/half-hourly-averages',
    {
      schema: {
        operationId: 'getHeartRateHalfHourlyAverages',
        summary: 'Get heart-rate half-hourly averages',
        tags,
        description:
          'Half-hour buckets over [startDate, endDate) widened to whole half hours, at most 400 ' +
          '(`trackers.range_too_long`).',
        querystring: heartRateRangeQuerySchema,
        response: { 200: chartResponseSchema, ...readErrors },
      },
    },
    async (request) => getHeartRateHalfHourly({ ...deps, actor: sessionVet(request) }, request.query),
  );

  app.get(
    '/heart-rate/history',
    {
      schema: {
        operationId: 'listHeartRateHistory',
        tags,
        description: 'Raw heart-rate readings, newest first by default.',
        querystring: heartRateHistoryQuerySchema,
        response: { 200: readingHistoryResponseSchema, ...readErrors },
      },
    },
    async (request) => getHeartRateHistory({ ...deps, actor: sessionVet(request) }, request.query),
  );

  app.get(
    '/:id/trackers/latest',
    {
      schema: {
        operationId: 'getPetLatestTrackers',
        tags,
        description:
          "The newest weight, respiratory and heart-rate values, and today's shaking and drinking totals " +
          "in the pet's timezone.",
        params: idParams,
        response: { 200: latestTrackersResponseSchema, ...readErrors },
      },
    },
    async (request) => getLatestTrackers({ ...deps, actor: sessionVet(request) }, request.params.id),
  );

  app.get(
    '/:id/vitals',
    {
      schema: {
        operationId: 'getPetVitals',
        summary: "Get a pet's five vitals on one time axis",
        tags,
        description:
          'Sleeping respiratory rate, heart rate, weight, drinking and head shaking over a rolling `range` ' +
          "ending now, in the pet's timezone, on one time axis: 24h in half hours, 7d in hours (real time, " +
          'from a local midnight; 167 or 169 hours over a DST change, widened to whole buckets), 30d and 90d ' +
          'in local days. Each vital has its buckets (every slot present, empty ones count 0), its latest ' +
          "value (for drinking and shaking, the newest local day's total), its band (respiratory flag, weight against the " +
          'target) and its change against the period of the same length before. A tracker without data is ' +
          'empty, not an error.',
        params: idParams,
        querystring: vitalsQuerySchema,
        response: { 200: vitalsResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      getPetVitals({ ...deps, actor: sessionVet(request) }, request.params.id, request.query.range),
  );
};
