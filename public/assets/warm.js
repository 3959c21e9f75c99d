// The day list's reads (allocation, profile, permissions), started before the app's JavaScript (issue 18; index.html, src/web/lib/warm.ts takeWarm).
(function () {
  try {
    if (!/\/app\/visit-details\/?$/.test(location.pathname) || navigator.onLine === false) return;
    var token = localStorage.getItem('uat');
    var companyId = new URLSearchParams(location.search).get('company_id');
    if (!token || !companyId) return;
    var read = function (path) {
      return fetch(path, { headers: { authenticationtoken: token, 'X-Company-ID': companyId, Accept: 'application/json' }, credentials: 'same-origin' })
        .then(function (res) { return res.ok ? res.json() : null; })
        .catch(function () { return null; });
    };
    var company = encodeURIComponent(companyId);
    window.__roWarmAllocation = { companyId: companyId, token: token, body: read('/api/fos/allocation?company_id=' + company) };
    window.__roWarmProfile = { companyId: companyId, token: token, body: read('/api/user/profile/details') };
    window.__roWarmPermissions = { companyId: companyId, token: token, body: read('/api/user/company/permissions?company_id=' + company + '&simplified=true') };
  } catch {
    // No storage or fetch: the app downloads the allocation itself.
  }
})();
