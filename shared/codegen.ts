import { portalCodegenConfig } from './build/codegen.mjs';

export default portalCodegenConfig();
