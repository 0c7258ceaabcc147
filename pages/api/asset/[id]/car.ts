import { idParam } from "@/lib/api/ids";
import { mediaRoute } from "@/lib/app/media-route";
import { openAssetCar } from "@/lib/assets/open-car";

/** Pages Router, not App Router: see mediaRoute. */
export const config = { api: { bodyParser: false, responseLimit: false } };

/** The asset as a CARv1 (DESIGN.md section 17), streamed as it is made, with Range. */
const route = mediaRoute(["id"], ({ app, request, url, params }) => openAssetCar(app, request, url, idParam(params.id, "asset")));

export const fetchHandlers = route.fetchHandlers;
export default route.handler;
