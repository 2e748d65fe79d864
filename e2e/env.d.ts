// The walk in every language reads the kit's English texts from its sources, which import CSS modules.
/// <reference path="../packages/ui/src/env.d.ts" />
