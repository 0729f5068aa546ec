/**
 * Types of the run fields migrated capabilities read: an augmentation of the runtime's
 * CapabilityHostTypes, so run.context and the fields old constructors took keep their types.
 * Written by `capkit migrate`; re-runs add missing fields only.
 */
import type { ForecastFields, GeocodeParams } from "../tools/weather-tools.js";

declare module "capkit/runtime" {
  interface CapabilityHostTypes {
  }
  interface CapabilityRunFields {
    readonly forecastFields?: ForecastFields;
    readonly geocodeParams?: GeocodeParams;
    readonly apiKey?: string | undefined;
    readonly key?: string | undefined;
  }
}

export {};
