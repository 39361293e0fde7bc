/** The roughage result pages' public door (page types `quickScanResult` and `rqsResult`): a chunk of their own. */
import { lazyPage } from '../../components/ui/lazyPage';

export const ScanResultPage = lazyPage('scanResult', () => import('./ScanResultPage').then((module) => ({ default: module.ScanResultPage })));
