// The suite attacks the production build; make one if none exists (npm test builds just before).
import { ensureProductionBuild } from "../support/prod-server";

export default function setup() {
  ensureProductionBuild();
}
