// Ponder reads its config from its root directory (indexer/). The configuration itself is the
// top-level ponder.config.ts (beside hardhat.config.ts); createConfig type-checks it here.
import { createConfig } from "ponder";
import config from "../ponder.config";

export default createConfig(config);
