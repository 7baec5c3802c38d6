// What our server read for a staff page as it drew it (page state `staffPage.reading`), as the page
// reads it: through the API's formats, which only the pages that read them carry.
export { fromWireReportReading as drawnReport, fromWireServiceDueReading as drawnServicesDue } from '../../adapters/http-api/staff-page-state';
