// The day list's allocation download, started before the app's JavaScript (issue 18; index.html, field-data.ts takeWarmAllocation).
(function () {
  try {
    if (!/\/app\/visit-details\/?$/.test(location.pathname) || navigator.onLine === false) return;
    var token = localStorage.getItem('uat');
    var companyId = new URLSearchParams(location.search).get('company_id');
    if (!token || !companyId) return;
    var body = fetch('/api/fos/allocation?company_id=' + encodeURIComponent(companyId), { headers: { authenticationtoken: token, 'X-Company-ID': companyId, Accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (res) { return res.ok ? res.json() : null; })
      .catch(function () { return null; });
    window.__roWarmAllocation = { companyId: companyId, token: token, body: body };
  } catch {
    // No storage or fetch: the app downloads the allocation itself.
  }
})();
