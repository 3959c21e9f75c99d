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
    // `settled` holds the answer once it is in: the app's first render can start with it instead
    // of rendering again when the promise resolves (src/web/lib/warm.ts warmSettled).
    var warm = function (name, path) {
      var w = { companyId: companyId, token: token, settled: undefined };
      w.body = read(path).then(function (b) { w.settled = b; return b; });
      window[name] = w;
    };
    warm('__roWarmAllocation', '/api/fos/allocation?company_id=' + company);
    warm('__roWarmProfile', '/api/user/profile/details');
    warm('__roWarmPermissions', '/api/user/company/permissions?company_id=' + company + '&simplified=true');
  } catch {
    // No storage or fetch: the app downloads the allocation itself.
  }
})();
