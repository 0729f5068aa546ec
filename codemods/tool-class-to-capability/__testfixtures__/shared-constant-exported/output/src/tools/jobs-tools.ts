export { MAX_JOBS } from "../schemas/jobs.shared.js";
