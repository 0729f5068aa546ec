import { register } from "./loader.js";
import { repo } from "../store";

export default { name: "heavy", load: (key: string) => repo.get(key), register };
