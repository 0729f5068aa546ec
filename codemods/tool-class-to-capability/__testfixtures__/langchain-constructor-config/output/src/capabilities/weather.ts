/**
 * Capability module "weather": the implementations behind ./weather.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import { forecastSpec, geocodeSpec, radarLookupSpec, stationLookupSpec } from "./weather.specs.js";
import { getEnvironmentVariable } from "@langchain/core/utils/env";

export const module: CapabilityModule = {
  module: "weather",
  exports: [
    {
      spec: forecastSpec,
      impl: async (run, rawArgs): Promise<string> => {
        const input = rawArgs["input"] as string;
        if ((run.forecastFields?.apiKey ?? getEnvironmentVariable("FORECAST_API_KEY")) === undefined) throw new Error(`No forecast API key: set FORECAST_API_KEY or pass apiKey.`);
        const query = new URLSearchParams({ q: input, days: String(run.forecastFields?.days ?? 3), units: ((run.forecastFields?.units) as "metric" | "imperial" | undefined) ?? "metric", ...((run.forecastFields?.extra ?? ({})) as Record<string, string>) });
        const res = await fetch(`${((run.forecastFields?.endpoint ?? "https://forecast.example") as string)}/v1?${query}`, { headers: { authorization: `Bearer ${((run.forecastFields?.apiKey ?? getEnvironmentVariable("FORECAST_API_KEY")) as string | undefined)}` } });
        return res.text();
      },
    },
    {
      spec: geocodeSpec,
      impl: async (run, rawArgs): Promise<string> => {
        const input = rawArgs["input"] as string;
        if ((run.geocodeParams?.apiKey ?? getEnvironmentVariable("GEOCODE_API_KEY")) === undefined) throw new Error("Geocode API key not set.");
        const res = await fetch("https://geocode.example", { headers: { "X-Key": (((run.geocodeParams?.apiKey ?? getEnvironmentVariable("GEOCODE_API_KEY"))) as string) }, body: input });
        return res.text();
      },
    },
    {
      spec: stationLookupSpec,
      impl: async (run, rawArgs): Promise<string> => {
        const input = rawArgs["input"] as string;
        if (!(run.apiKey === undefined ? getEnvironmentVariable("STATION_API_KEY") : run.apiKey)) throw new Error("Station API key not set.");
        const res = await fetch(`https://stations.example?near=${input}`, { headers: { "X-Key": ((run.apiKey === undefined ? getEnvironmentVariable("STATION_API_KEY") : run.apiKey) as string) } });
        return res.text();
      },
    },
    {
      spec: radarLookupSpec,
      impl: async (run, rawArgs): Promise<string> => {
        const input = rawArgs["input"] as string;
        if (!(run.key === undefined ? getEnvironmentVariable("RADAR_API_KEY") : run.key)) throw new Error("Radar API key not set.");
        const res = await fetch(`https://radar.example?at=${input}`, { headers: { "X-Key": ((run.key === undefined ? getEnvironmentVariable("RADAR_API_KEY") : run.key) as string) } });
        return res.text();
      },
    },
  ],
};
