/**
 * The address in the phone's map app. AMap's URI (uri.amap.com) rather than Baidu's: the order's point is GCJ-02,
 * AMap's own system (Baidu would need coord_type and converts to BD-09), and the https address works everywhere: in
 * any browser it opens AMap's page, which hands over to the app when installed (callnative=1), and WeChat's browser,
 * which blocks custom schemes such as baidumap://, opens it too.
 */
export function mapLink(job: { lat: number | null; lng: number | null; address: string }) {
  const name = encodeURIComponent(job.address);
  if (job.lat === null || job.lng === null)
    return `https://uri.amap.com/search?keyword=${name}&src=jiazheng&callnative=1`;
  return `https://uri.amap.com/marker?position=${job.lng},${job.lat}&name=${name}&coordinate=gaode&src=jiazheng&callnative=1`;
}
