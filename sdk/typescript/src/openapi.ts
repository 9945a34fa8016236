// Generated from openapi.json by openapi-typescript: npm run openapi at the repository root.
// Do not edit: a test fails when this file differs from what openapi.json generates.

export interface paths {
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth 2.0 authorization server metadata (RFC 8414) */
        get: operations["authorizationServerMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public keys that verify access tokens */
        get: operations["jwksGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/auth/token/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue an access token (Unloc-compatible: scope is an array) */
        post: operations["tokenCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth2/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue an access token (RFC 6749) */
        post: operations["oauth2TokenCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/auth/resources-discovery/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** List the resources and scopes the client credentials can access */
        post: operations["resourcesDiscover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List organizations, oldest first */
        get: operations["adminOrganizationsList"];
        put?: never;
        /** Create an organization */
        post: operations["adminOrganizationsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations/{organizationId}/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an organization's API clients (never a secret or its hash) */
        get: operations["adminClientsList"];
        put?: never;
        /** Create an API client (its secret is shown once) */
        post: operations["adminClientsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/clients/{clientId}/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a client's grants (the scopes it holds on organizations and projects) */
        get: operations["adminGrantsList"];
        /** Give a client a scope on an organization or project (replaces its scope there) */
        put: operations["adminGrantsPut"];
        post?: never;
        /** Remove a client's grant on a resource */
        delete: operations["adminGrantsDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/clients/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an API client */
        delete: operations["adminClientsDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/clients/{clientId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace a client's secret; tokens issued under the old one stop working */
        post: operations["adminClientsRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/app-users/{appUserId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Erase an app user (right to erasure)
         * @description Removes the person with this phone number (E.164, URL-encoded: %2B4799887766) from every project: access events, keys, sharing rights, managed users, pending and past webhook deliveries of their events, login codes, app sessions (their refresh and access tokens stop working), registered devices and their display name. Keys they shared stay with their holders, without the sharer's number. Deliveries already sent are not recalled. Erasing a number the service does not know erases nothing (all counts 0).
         */
        delete: operations["adminAppUsersErase"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/app-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mint an app token for an app user (testing and support) */
        post: operations["adminAppTokensCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/organization/{organizationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the organization */
        get: operations["organizationsGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/organization/{organizationId}/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's projects */
        get: operations["projectsList"];
        put?: never;
        /** Create a project; the calling client gets project.admin on it */
        post: operations["projectsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/organization/{organizationId}/projects/{projectId}/api-permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the API clients that hold a scope on the project */
        get: operations["apiPermissionsList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/organization/{organizationId}/projects/{projectId}/api-permissions/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Give an API client (possibly of another organization) a scope on the project */
        put: operations["apiPermissionsPut"];
        post?: never;
        /** Remove a client's scope on the project; its tokens stop working within seconds */
        delete: operations["apiPermissionsDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/organization/{organizationId}/bridges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's bridges, and the service's own bridge when it runs one */
        get: operations["bridgesList"];
        put?: never;
        /**
         * Create a bridge; its token is shown only in this answer
         * @description Run `latchkey bridge` with the token on the locks' network: it connects out to the service over HTTPS.
         */
        post: operations["bridgesCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/organization/{organizationId}/bridges/{bridgeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a bridge */
        get: operations["bridgesGet"];
        put?: never;
        post?: never;
        /**
         * Delete a bridge; its token stops working at once
         * @description A bridge that locks are connected through answers 409: disconnect them first.
         */
        delete: operations["bridgesDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/organization/{organizationId}/bridges/{bridgeId}/rotate-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the bridge's token; the old one stops working at once */
        post: operations["bridgesRotateToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the project */
        get: operations["projectsGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/locks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the project's locks (ordered by id) */
        get: operations["locksList"];
        put?: never;
        /** Onboard a lock (project.admin or project.installer); timezone defaults to the project's, else UTC */
        post: operations["locksCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/locks/{lockId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a lock */
        get: operations["locksGet"];
        put?: never;
        post?: never;
        /**
         * Offboard a lock: its keys and sharing rights are revoked, its webhooks removed
         * @description Its access events stay readable through the access log for the retention window.
         */
        delete: operations["locksOffboard"];
        options?: never;
        head?: never;
        /** Update a lock; metadata merges and a null value deletes a pair */
        patch: operations["locksUpdate"];
        trace?: never;
    };
    "/v2/projects/{projectId}/locks/{lockId}/connection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Connect a network lock (Matter) through a bridge; commissioning goes on after the answer
         * @description Answers 202 with the lock, its `connection.status` being `commissioning`; it becomes `online`, or `failed` with an `error` in plain words (a wrong pairing code, no lock found on the bridge's network). A lock already connected is 409 (a failed connection may be retried).
         */
        put: operations["lockConnectionsPut"];
        post?: never;
        /**
         * Disconnect the network lock: what the service wrote to it is removed, and it leaves the lock's fabric
         * @description A lock that cannot be reached is forgotten anyway; the answer then carries a `warning` saying what stays on the lock.
         */
        delete: operations["lockConnectionsDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/locks/{lockId}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The lock's activity for the last 30 days, newest first
         * @description `kind`: operated, operationFailed, wrongCode, jammed, lowBattery, connected, disconnected, pinWritten, pinRemoved. `source`: keypad, remote, manual, auto, integrator or null. `at` is the lock's own time for what it reported. `from` and `to` bound `at`.
         */
        get: operations["lockActivityList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/managed-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the project's managed users (ordered by id) */
        get: operations["managedUsersList"];
        put?: never;
        /** Create a managed user (409 if the phone number already has one in the project) */
        post: operations["managedUsersCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/managed-users/{appUserId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a managed user by phone number */
        get: operations["managedUsersGet"];
        put?: never;
        post?: never;
        /** Delete a managed user; revokes the person's keys and sharing rights in the project */
        delete: operations["managedUsersDelete"];
        options?: never;
        head?: never;
        /** Update a managed user; null clears a name, metadata merges (null deletes a pair) */
        patch: operations["managedUsersUpdate"];
        trace?: never;
    };
    "/v2/projects/{projectId}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the project's keys (ordered by id), optionally filtered */
        get: operations["keysList"];
        put?: never;
        /**
         * Create up to 10,000 keys, all or nothing
         * @description One invalid item fails the call with 400 and `invalidParams` naming each bad item (`keys.17.lockId`); nothing is created. Managed users are created for new phone numbers. The body may be up to 4 MiB (other operations: 1 MiB).
         */
        post: operations["keysCreate"];
        /** Revoke the integrator keys matching appUserId and/or lockId */
        delete: operations["keysRevokeMatching"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a key */
        get: operations["keysGet"];
        put?: never;
        post?: never;
        /**
         * Revoke a key (idempotent)
         * @description Keys shared from the app are tied to sharing rights, not to the sharer's key: revoke the sharing right (or DELETE shared-keys) to end them.
         */
        delete: operations["keysRevoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/shared-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke the keys shared from the app matching appUserId (the holder) and/or lockId */
        delete: operations["sharedKeysRevokeMatching"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/keys/{keyId}/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate an access event by the key's app user (sandbox projects only)
         * @description Exactly what the key's app user uploading this event through POST /v2/app/events would cause: the same checks at `created` (default now), an accepted event in the access log and its webhook deliveries. The result is that upload's: `accepted`, or `rejected` with a reason. In a project that is not a sandbox: 403 with type urn:latchkey:problem:sandbox-only. At most LATCHKEY_SIMULATIONS_PER_MINUTE (60) simulations per minute per project in one server process; beyond it 429 with Retry-After.
         */
        post: operations["keysSimulate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/sharing-rights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List sharing rights (active ones unless includeRevoked=true), ordered by id */
        get: operations["sharingRightsList"];
        put?: never;
        /** Create up to 1,000 sharing rights, all or nothing (409 if one already exists) */
        post: operations["sharingRightsCreate"];
        /** Revoke the sharing rights matching appUserId and/or lockId, and the keys shared under them */
        delete: operations["sharingRightsRevokeMatching"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an auth API v1 access token
         * @description Client credentials grant for partners. Errors are RFC 6749 JSON: two claims of one kind → 400 invalid_request; unknown kind, malformed claim, a lock holder without a grant, or claims naming different lock holders → 400 invalid_scope; wrong credentials → 401 invalid_client.
         */
        post: operations["v1TokenCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrators/v1/lock-holders/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List lock holders
         * @description With integrator.admin: every lock holder the client holds project.admin on. With only a lock-holder claim: that lock holder.
         */
        get: operations["lockHoldersList"];
        put?: never;
        /**
         * Create a lock holder
         * @description Needs integrator.admin. Creates a project in the client's organization and gives the client project.admin on it. An identifier already used by a lock holder the client reaches: 409.
         */
        post: operations["lockHoldersCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrators/v1/lock-holders/{lockHolderId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a lock holder
         * @description Needs lockHolder.admin:<lockHolderId> or the matching lockHolder.identifier claim.
         */
        get: operations["lockHoldersGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a lock holder
         * @description Needs lockHolder.admin:<lockHolderId> or the matching lockHolder.identifier claim. Changing the identifier to one used by another lock holder the client reaches: 409. Tokens holding the old lockHolder.identifier claim stop matching it; lockHolder.admin tokens keep working.
         */
        patch: operations["lockHoldersUpdate"];
        trace?: never;
    };
    "/integrators/v1/lock-holders/{lockHolderId}/locks/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a lock holder's locks
         * @description Locks that are not offboarded. Needs lockHolder.admin:<lockHolderId> or the matching lockHolder.identifier claim.
         */
        get: operations["lockHolderLocksList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/app/auth/otp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a one-time login code to the phone (the answer is the same for unknown phones) */
        post: operations["appAuthOtpSend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/app/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange a login code for an app token (scope app.user, sub = phone) */
        post: operations["appAuthTokenCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/app/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trade a refresh token for a new access token and a new refresh token
         * @description Each refresh token works once: the answer carries the next one. Presenting one that was already used ends the whole session (reuse detection), and so does a session left unused for `LATCHKEY_APP_SESSION_IDLE_DAYS`. Once a device is registered in the session, the request needs a `DPoP` header (RFC 9449): a proof signed by that device key, with `htm` POST and `htu` this endpoint's public URL. Errors: 400 `invalid-refresh-token` (log in again), 400 `invalid-dpop-proof` (the refresh token still works with a good proof).
         */
        post: operations["appAuthRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/app/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Log out: end the session of the caller's app token
         * @description The session's refresh token stops working, and so do its access tokens, this one included (within `LATCHKEY_REVOCATION_CACHE_SECONDS` on other server processes). An app token minted by an operator belongs to no session: 409.
         */
        delete: operations["appAuthSessionDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/app/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's keys that are not revoked or expired, across projects, with lock names */
        get: operations["appKeysList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/app/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set the caller's display name (used in access events when the project gives none) */
        patch: operations["appMeUpdate"];
        trace?: never;
    };
    "/v2/app/keys/{keyId}/share": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Share one of your keys with another app user (needs a sharing right on the lock) */
        post: operations["appKeysShare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/app/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report access events (1..1000); idempotent by event id
         * @description One result per event, in order: `accepted`, `duplicate` (id seen before; no second event or webhook) or `rejected` with a reason: key_not_found, key_revoked, before_start, after_end, outside_recurrence, created_in_future, created_too_old. A malformed item fails the whole call with 400 and nothing is written.
         */
        post: operations["appEventsReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/app/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's registered devices, oldest first */
        get: operations["appDevicesList"];
        put?: never;
        /**
         * Register a device key (the public half of a P-256 key the phone keeps); at most 5 per app user
         * @description Credentials are bound to a device through the RFC 7638 thumbprint of its key (`cnf.jkt`): at a lock the phone proves it holds the private key by signing the lock's nonce. A key that is not a public EC P-256 JWK is 400 naming `publicKey`; a sixth device, or a key already registered, is 409.
         */
        post: operations["appDevicesCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/app/devices/{deviceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete one of your devices: it gets no new credentials (those it holds expire on their own), and the sessions bound to it end */
        delete: operations["appDevicesDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/app-users/{appUserId}/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An app user's registered devices, oldest first, with when each last fetched a credential here
         * @description For an app user of the project: a managed user (creating a key for someone makes one), or someone holding a key or a sharing right in it that is not revoked. Anyone else is 404, whether or not they have devices, so that a phone number's devices cannot be looked up from another project. The credentials a phone holds are bound to one device (`cnf.jkt` is the device's thumbprint): this tells a person's phones apart.
         */
        get: operations["appUserDevicesList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/app/keys/{keyId}/credential": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A credential for one of your keys, bound to one of your devices, to open its lock offline
         * @description `nbf` is the key's start or now; `exp` the earlier of the key's end and now + LATCHKEY_CREDENTIAL_TTL_HOURS. Fetch a new one before it expires (daily): each carries the lock's newest revocation list. A revoked or ended key, a key that starts after a credential made now would expire, or a device that is not yours (or was deleted) is 409 with the reason; another user's key is 404.
         */
        get: operations["appKeysCredential"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/credential-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's issuer key set for offline credentials (public keys; made on first use)
         * @description `keys` is the JWK set a lock is provisioned with; `states` says, for each of its keys, when it was made, whether it signs new credentials now, and until when a rotated-out key stays listed.
         */
        get: operations["credentialKeysList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/credential-keys/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a new issuer key that signs from now on; the old one stays listed
         * @description The key that signed until now stays in the key set for the credential lifetime (LATCHKEY_CREDENTIAL_TTL_HOURS) and 30 days more, so credentials it signed keep opening locks until they expire. Locks accept credentials of the new key once they are given a bundle that lists it: re-provision them. A lock holds at most 8 keys, so a rotation that would list a ninth is 409.
         */
        post: operations["credentialKeysRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/locks/{lockId}/provisioning": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The lock's provisioning bundle: everything it needs to check offline credentials
         * @description Give it to the lock over a channel the installer trusts (the lock maker's commissioning): the lock believes the issuer keys it lists. Provision again after an issuer key rotation, and when the zone's rules change.
         */
        get: operations["locksProvisioning"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/app/keys/{keyId}/operate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unlock or lock the key's lock now, through its bridge (waits up to 10 s for the lock)
         * @description The key is checked now (state, start and end, recurrence in the lock's time zone): 403 with the reason when it may not be used. 409: the lock has no connection. 503 with Retry-After: the lock or its bridge cannot be reached. The answer is the access event, recorded as an uploaded one is (access log, stream, webhooks for integrator keys).
         */
        post: operations["appKeysOperate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/locks/{lockId}/operate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unlock or lock a connected lock now (no key is used: lock activity, not an access event)
         * @description 409: the lock has no connection. 503 with Retry-After: the lock or its bridge cannot be reached. Waits up to 10 s for the lock.
         */
        post: operations["locksOperate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/logs/access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's access events of the retention window, newest first */
        get: operations["accessLogList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/locks/{lockId}/logs/access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One lock's access events of the retention window, newest first */
        get: operations["lockAccessLogList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/logs/access/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live stream of accepted access events (Server-Sent Events)
         * @description A `text/event-stream` (the HTML EventSource format): each access event accepted from now on, in the order the service accepted it, as `id: <event id>`, `event: accessEvent`, `data: <the access-log item as JSON>`; a comment line at least every 15 s.
         *
         *     Resume after a disconnect with the last id you received, as the `Last-Event-ID` header (EventSource sends it by itself) or the `lastEventId` query parameter: the stream continues right after that event, whichever server process serves it, and nothing is missed. An id that is not an event of this project within the retention window is 400: reconnect without it and read the access log for the gap.
         *
         *     Without Last-Event-ID the stream carries only events accepted after it opened, never earlier ones.
         *
         *     The stream ends with a comment line saying why when its token stops being valid (it expires, or its client is deleted, its secret rotated or its grant removed: within seconds, on every server process); the next request with that token is 401. It also closes when the server shuts down and when the client reads too slowly (more than 1 MiB waiting); reconnect with Last-Event-ID.
         *
         *     Limits per server process: LATCHKEY_STREAM_MAX_PER_PROJECT (50) streams per project, LATCHKEY_STREAMS_PER_CLIENT (20) per API client and LATCHKEY_STREAMS_PER_ADDRESS (50) per source address, and none while the process is short of connections (LATCHKEY_CONNECTION_RESERVE); beyond any of them: 429 with Retry-After.
         */
        get: operations["accessLogStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/activity-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hourly counts of the project's access events and webhook attempts, its busiest locks and webhooks
         * @description Counted over the last `hours` whole hours up to the end of the current hour (UTC), up to the moment of the request: per hour the access events (by when they happened) and the delivery attempts by outcome (by when they were made); each hour's busiest locks; and the webhooks with the most attempts, with how many failed and the median and 95th percentile of their durations (within 5%, in whole milliseconds). Erased access events are not counted; the counts of hours that left the access log's retention window are deleted with it.
         */
        get: operations["activitySummaryGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the project's webhooks */
        get: operations["webhooksList"];
        put?: never;
        /**
         * Register a webhook for a lock's events, or for every lock of the project
         * @description Give `lockId` (one lock) or `allLocks: true` (every lock of the project, present and future), not both. The URL must be https, must not point to a private or reserved address, and may carry user:password@ credentials (no RFC 3986 reserved characters), sent as Basic authentication. `webhookUrl` is accepted as an alias of `url`. The signing secret is returned only here.
         */
        post: operations["webhooksCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook */
        get: operations["webhooksGet"];
        put?: never;
        post?: never;
        /** Delete a webhook and its delivery history */
        delete: operations["webhooksDelete"];
        options?: never;
        head?: never;
        /**
         * Enable or disable a webhook
         * @description Disabling marks its pending deliveries failed (they are kept: recover re-queues them). Enabling clears the failure record.
         */
        patch: operations["webhooksUpdate"];
        trace?: never;
    };
    "/v2/projects/{projectId}/webhooks/{webhookId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description The previous secret keeps signing beside the new one for 24 hours.
         */
        post: operations["webhooksRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/webhooks/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one signed test delivery now and answer with the attempt
         * @description One POST of a sample access event (a fresh `id`, the webhook lock's `lockId` and `lockName` (for a webhook of every lock: 00000000-0000-0000-0000-000000000000 and "Latchkey test lock"), `action` unlocked, `keyId` 00000000-0000-0000-0000-000000000000, `appUserId` +10000000000, `userName` "Latchkey test delivery") with every header of a real delivery: signed with every active secret, HTTP Basic credentials when the URL has them. Synchronous (up to the delivery timeout), never retried, not written to the access log or the delivery history; disabled webhooks are tested too. A receiver that answers non-2xx or cannot be reached still gives 200: the attempt says what happened. At most LATCHKEY_TEST_DELIVERIES_PER_MINUTE (30) test deliveries per minute per project in one server process; beyond it 429 with Retry-After.
         */
        post: operations["webhooksTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the event types webhooks send, with the JSON schema of each body
         * @description accessEvent webhooks receive the Access Event itself; lockActivity and keyChanged webhooks receive a { type, id, created, data } envelope whose type is one of the lock.* or key.* types. The same list is the document's `webhooks`. Needs no token.
         */
        get: operations["webhookEventTypesList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook's deliveries with their attempts, newest first
         * @description Pending deliveries and those finished within the retention window (LATCHKEY_DELIVERY_RETENTION_DAYS, 30 days by default): older ones are deleted with their attempts.
         */
        get: operations["webhookDeliveriesList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/webhooks/{webhookId}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a delivery with its attempts and the exact body it posts
         * @description `body` is the JSON text that was signed and posted (the same on every attempt), kept as long as the delivery is (LATCHKEY_DELIVERY_RETENTION_DAYS after it finished). Erasing an app user deletes the deliveries whose body carries their number.
         */
        get: operations["webhookDeliveriesGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now
         * @description In any status. A pending delivery waiting after failed attempts is tried now, and if that attempt fails the schedule goes on from there (the next pause is the one after its attempt count). A finished one gets one more attempt (more follow if the retry schedule is not used up). 409 while a worker is sending it, or while the webhook is disabled.
         */
        post: operations["webhookDeliveriesRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/webhooks/{webhookId}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-queue every failed delivery created since a time */
        post: operations["webhooksRecover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{projectId}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's audit trail
         * @description Every change, oldest first, paged like every list (`limit`, `startAfterId`). Filters: `resourceType` and `resourceId` (`key` and its id), `actorId` (a client id), `action` (`key.revoked`), `from` and `to` (inclusive times).
         */
        get: operations["projectAuditList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/organization/{organizationId}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's audit trail, its projects' included
         * @description Every change, oldest first, paged like every list (`limit`, `startAfterId`). Filters: `resourceType` and `resourceId` (`key` and its id), `actorId` (a client id), `action` (`key.revoked`), `from` and `to` (inclusive times).
         */
        get: operations["organizationAuditList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole audit trail
         * @description Every change, oldest first, paged like every list (`limit`, `startAfterId`). Filters: `resourceType` and `resourceId` (`key` and its id), `actorId` (a client id), `action` (`key.revoked`), `from` and `to` (inclusive times).
         */
        get: operations["adminAuditList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    accessEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * accessEvent (trigger accessEvent)
         * @description Someone locked or unlocked a lock with a key the integration created. The body is the Access Event itself. Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_accessEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lock.operated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * lock.operated (trigger lockActivity)
         * @description The lock was locked or unlocked. Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_lock_operated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lock.operationFailed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * lock.operationFailed (trigger lockActivity)
         * @description A lock or unlock failed. Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_lock_operationFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lock.wrongCode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * lock.wrongCode (trigger lockActivity)
         * @description A wrong code was entered on the keypad. Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_lock_wrongCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lock.jammed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * lock.jammed (trigger lockActivity)
         * @description The lock is jammed. Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_lock_jammed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lock.lowBattery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * lock.lowBattery (trigger lockActivity)
         * @description The battery is low. Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_lock_lowBattery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lock.connected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * lock.connected (trigger lockActivity)
         * @description The service reached the lock again. Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_lock_connected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lock.disconnected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * lock.disconnected (trigger lockActivity)
         * @description The service lost the lock. Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_lock_disconnected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lock.pinWritten": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * lock.pinWritten (trigger lockActivity)
         * @description A PIN was written to the lock. Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_lock_pinWritten"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lock.pinRemoved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * lock.pinRemoved (trigger lockActivity)
         * @description A PIN was removed from the lock. Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_lock_pinRemoved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "key.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * key.created (trigger keyChanged)
         * @description An integrator created a key. Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_key_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "key.revoked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * key.revoked (trigger keyChanged)
         * @description A key was revoked (one by one, in bulk, with its managed user, sharing right or lock). Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_key_revoked"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "key.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * key.expired (trigger keyChanged)
         * @description A key reached its end. Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_key_expired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "key.shared": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * key.shared (trigger keyChanged)
         * @description An app user shared their key: `data` is the new key (origin shared). Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_key_shared"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "key.pinChanged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * key.pinChanged (trigger keyChanged)
         * @description The status of the PIN of a key changed. Signed as Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
         */
        post: operations["webhook_key_pinChanged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description RFC 9457 problem details */
        Problem: {
            type: string;
            title: string;
            status: number;
            detail: string;
            invalidParams?: {
                name: string;
                reason: string;
            }[];
            requestId?: string;
        };
        Project: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            name: string;
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            organizationId: string;
            countryIso: string | null;
            orgNumber: string | null;
            orgNumberSuffix: string | null;
            timezone: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            created: string;
            /**
             * @example {
             *       "unit": "4B"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /** @description A sandbox project accepts simulated access events (POST …/keys/{keyId}/simulate) */
            sandbox: boolean;
        };
        Bridge: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            name: string;
            /** @description online while a bridge process is connected to the service */
            status: "online" | "offline";
            /** @description when the bridge last connected */
            lastSeen: string | null;
            /** @description the service's own bridge (LATCHKEY_BRIDGE=local), shared by every organization */
            local: boolean;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            created: string;
        };
        Lock: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            name: string;
            /** @description IANA time zone; recurrence windows of keys use it */
            timezone: string;
            address?: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            created: string;
            metadata: {
                [key: string]: string;
            };
            /** @description The network lock this lock stands for, through a bridge; null when none is connected */
            connection: {
                /** @enum {string} */
                type: "matter";
                /**
                 * Format: uuid
                 * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                 */
                bridgeId: string;
                /** @description commissioning: the bridge is pairing with the lock; online; unreachable: the bridge cannot reach it now; failed: it could not be connected (see error) */
                status: "commissioning" | "online" | "unreachable" | "failed";
                lockState: "locked" | "unlocked" | "jammed" | "unknown";
                batteryPercent: number | null;
                keypad: boolean | null;
                capacity: {
                    users: number;
                    pinCodes: number;
                    weekDaySchedulesPerUser: number;
                    yearDaySchedulesPerUser: number;
                } | null;
                vendor: string | null;
                product: string | null;
                lastSeen: string | null;
                error: {
                    title: string;
                    detail: string;
                } | null;
            } | null;
        };
        LockActivity: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            at: string;
            kind: "operated" | "operationFailed" | "wrongCode" | "jammed" | "lowBattery" | "connected" | "disconnected" | "pinWritten" | "pinRemoved";
            source: "keypad" | "remote" | "manual" | "auto" | "integrator" | null;
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            keyId?: string;
            detail: {
                [key: string]: unknown;
            };
        };
        ManagedUser: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            /** @example +4799887766 */
            appUserId: string;
            firstName: string | null;
            lastName: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            created: string;
            metadata: {
                [key: string]: string;
            };
        };
        Key: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            lockId: string;
            /** @example +4799887766 */
            appUserId: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            start: string;
            end: string | null;
            recurrence: {
                windows: {
                    days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                    /** @example 08:00 */
                    from: string;
                    /**
                     * @description earlier than `from`: the window runs past midnight; equal to `from`: invalid
                     * @example 17:00
                     */
                    to: string;
                }[];
            } | null;
            state: "scheduled" | "active" | "expired" | "revoked";
            origin: "integrator" | "shared";
            /** @example +4799887766 */
            sharedBy?: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            created: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            revoked?: string;
            metadata: {
                [key: string]: string;
            };
            /** @description The key's PIN code on a lock with a keypad; absent when the key has none */
            pin?: {
                /** @description The digits to type on the lock's keypad. Shown to project.admin and to the key's app user only. */
                code?: string;
                /** @description `pending`: not on the lock yet (or its removal is not done yet); `set`: on the lock; `failed`: the lock cannot take it (see `error`); `removed`: taken off the lock after the key ended */
                status: "pending" | "set" | "failed" | "removed";
                /** @description Why the PIN is not on the lock, in plain words, naming the limit it hit */
                error?: {
                    title: string;
                    detail: string;
                };
            };
        };
        /** @description Lets an app user share their key to one lock from the app */
        SharingRight: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            lockId: string;
            /** @example +4799887766 */
            appUserId: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            created: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            revoked?: string;
        };
        /** @description A project seen through the auth API v1 */
        LockHolder: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            name: string;
            /** @description ISO 3166-1 alpha-2; null if not set */
            countryIso: string | null;
            /** @description The project's organization number (orgNumber), not a Latchkey organization id */
            organizationId: string | null;
            /** @description The project's orgNumberSuffix; may be empty */
            organizationIdSuffix: string | null;
        };
        LockHolderLock: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            name: string;
            /** @example Europe/Oslo */
            timezone: string;
            address?: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            created: string;
            /**
             * @example {
             *       "unit": "4B"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
        };
        Device: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            name: string | null;
            /**
             * @description RFC 7638 SHA-256 thumbprint of the public key, base64url: a credential's cnf.jkt
             * @example NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs
             */
            thumbprint: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            created: string;
        };
        AppUserDevice: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            /** @description The name the app gave it, if any */
            name: string | null;
            /**
             * @description RFC 7638 SHA-256 thumbprint of the public key, base64url: a credential's cnf.jkt
             * @example NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs
             */
            thumbprint: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            created: string;
            /** @description When it last fetched a credential for a key of this project (to the minute); null if it never has. Fetches for other projects' keys are not shown. */
            lastCredentialAt: string | null;
        };
        /** @description A public issuer key, as a JWK (RFC 7517) */
        CredentialIssuerKey: {
            /** @enum {string} */
            kty: "EC";
            /** @enum {string} */
            crv: "P-256";
            x: string;
            y: string;
            /** @description RFC 7638 thumbprint of the key; the `kid` of the credentials it signs */
            kid: string;
            /** @enum {string} */
            alg: "ES256";
            /** @enum {string} */
            use: "sig";
        };
        CredentialIssuerKeyState: {
            /** @description The `kid` of a key in `keys` */
            kid: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            created: string;
            /** @description Signs new credentials now (exactly one key does) */
            signing: boolean;
            /** @description When it stopped signing (a rotation); null for the signing key */
            retired: string | null;
            /** @description When a rotated-out key leaves the key set and the provisioning bundles; null for the signing key */
            listedUntil: string | null;
        };
        CredentialRevocationList: {
            /** @description Only ever grows; a lock keeps the list with the highest v it has seen */
            v: number;
            /** @description Ids of the lock's revoked keys whose credentials may still be unexpired */
            keys: string[];
            /** @description Unix seconds: every credential for the lock issued before it is revoked */
            before?: number;
        };
        ProvisioningBundle: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            lockId: string;
            /** @example Europe/Oslo */
            timezone: string;
            /** @description The service's public URL, the credentials' iss */
            issuer: string;
            keys: {
                /** @enum {string} */
                kty: "EC";
                /** @enum {string} */
                crv: "P-256";
                x: string;
                y: string;
                /** @description RFC 7638 thumbprint of the key; the `kid` of the credentials it signs */
                kid: string;
                /** @enum {string} */
                alg: "ES256";
                /** @enum {string} */
                use: "sig";
            }[];
            revocation: {
                /** @description Only ever grows; a lock keeps the list with the highest v it has seen */
                v: number;
                /** @description Ids of the lock's revoked keys whose credentials may still be unexpired */
                keys: string[];
                /** @description Unix seconds: every credential for the lock issued before it is revoked */
                before?: number;
            };
            /** @description The lock's local time rules (DST included), so it needs no time-zone database */
            utcOffsets: {
                /** @description Unix seconds at which the table stops covering the clock */
                until: number;
                /** @description The time zone's UTC offsets from a day before provisioning for 20 years, ascending */
                periods: {
                    from: number;
                    offsetMinutes: number;
                }[];
            };
        };
        AccessEvent: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            action: "locked" | "unlocked";
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            created: string;
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            keyId: string;
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            lockId: string;
            lockName: string;
            /** @example +4799887766 */
            appUserId: string;
            userName: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            received: string;
            origin: "integrator" | "shared";
        };
        Webhook: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            /** @example accessEvent */
            trigger: string;
            /** @description The URL with its password shown as **** */
            url: string;
            /**
             * Format: uuid
             * @description The lock (absent when allLocks)
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            lockId?: string;
            /** @description Receives the events of every lock of the project */
            allLocks: boolean;
            enabled: boolean;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            created: string;
            /** @description Why the webhook was disabled (only while disabled) */
            disabledReason?: string;
        };
        WebhookDelivery: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            eventId: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attemptCount: number;
            /** @description When pending: the next try */
            nextAttemptAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            created: string;
            attempts: {
                /**
                 * Format: date-time
                 * @example 2026-11-21T10:15:30.123Z
                 */
                at: string;
                responseStatus: number | null;
                durationMs: number;
                error: string | null;
            }[];
        };
        AuditRecord: {
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            id: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:15:30.123Z
             */
            at: string;
            actor: {
                type: "admin" | "client" | "appUser" | "bridge" | "system";
                /** @description The client id, the app user, the bridge, or the job; null for the operator */
                id: string | null;
            };
            /** @example key.revoked */
            action: string;
            resource: {
                type: string;
                id: string | null;
            };
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            projectId?: string;
            /**
             * Format: uuid
             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
             */
            organizationId?: string;
            requestId: string | null;
            sourceAddress: string | null;
            /** @description The fields that changed, before and after; secrets are never recorded */
            changes: {
                before?: {
                    [key: string]: unknown;
                };
                after?: {
                    [key: string]: unknown;
                };
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    authorizationServerMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        issuer: string;
                        /** Format: uri */
                        token_endpoint: string;
                        /** Format: uri */
                        jwks_uri: string;
                        grant_types_supported: string[];
                        token_endpoint_auth_methods_supported: string[];
                        scopes_supported: string[];
                        response_types_supported: string[];
                        /** Format: uri */
                        service_documentation: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    jwksGet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    tokenCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "client_id": "0193a1b2-7c4d-7e5f-8a9b-0c1d2e3f4a5b",
                 *       "client_secret": "lk_secret_…",
                 *       "scope": "project.admin",
                 *       "project_id": "0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    grant_type: "client_credentials";
                    /** @description Or use HTTP Basic (client_secret_basic) */
                    client_id?: string;
                    client_secret?: string;
                    /** @enum {string} */
                    scope: "organization.admin" | "project.admin" | "project.installer";
                    /**
                     * Format: uuid
                     * @description Required for organization.admin
                     */
                    organization_id?: string;
                    /**
                     * Format: uuid
                     * @description Required for project scopes
                     */
                    project_id?: string;
                };
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "client_id": "0193a1b2-7c4d-7e5f-8a9b-0c1d2e3f4a5b",
                 *       "client_secret": "lk_secret_…",
                 *       "scope": "project.admin",
                 *       "project_id": "0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    grant_type: "client_credentials";
                    /** @description Or use HTTP Basic (client_secret_basic) */
                    client_id?: string;
                    client_secret?: string;
                    /** @enum {string} */
                    scope: "organization.admin" | "project.admin" | "project.installer";
                    /**
                     * Format: uuid
                     * @description Required for organization.admin
                     */
                    organization_id?: string;
                    /**
                     * Format: uuid
                     * @description Required for project scopes
                     */
                    project_id?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ES256 JWT (RFC 9068) */
                        access_token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        /** @example 3600 */
                        expires_in: number;
                        scope: string[];
                        /** Format: uuid */
                        organization_id: string;
                        /** Format: uuid */
                        project_id?: string;
                    };
                };
            };
            /** @description RFC 6749 error: invalid_request, unsupported_grant_type, invalid_scope */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 error: invalid_client (wrong or missing client credentials) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 error slow_down: too many token requests */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 error: server_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    oauth2TokenCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "client_id": "0193a1b2-7c4d-7e5f-8a9b-0c1d2e3f4a5b",
                 *       "client_secret": "lk_secret_…",
                 *       "scope": "project.admin",
                 *       "project_id": "0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    grant_type: "client_credentials";
                    /** @description Or use HTTP Basic (client_secret_basic) */
                    client_id?: string;
                    client_secret?: string;
                    /** @enum {string} */
                    scope: "organization.admin" | "project.admin" | "project.installer";
                    /**
                     * Format: uuid
                     * @description Required for organization.admin
                     */
                    organization_id?: string;
                    /**
                     * Format: uuid
                     * @description Required for project scopes
                     */
                    project_id?: string;
                };
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "client_id": "0193a1b2-7c4d-7e5f-8a9b-0c1d2e3f4a5b",
                 *       "client_secret": "lk_secret_…",
                 *       "scope": "project.admin",
                 *       "project_id": "0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    grant_type: "client_credentials";
                    /** @description Or use HTTP Basic (client_secret_basic) */
                    client_id?: string;
                    client_secret?: string;
                    /** @enum {string} */
                    scope: "organization.admin" | "project.admin" | "project.installer";
                    /**
                     * Format: uuid
                     * @description Required for organization.admin
                     */
                    organization_id?: string;
                    /**
                     * Format: uuid
                     * @description Required for project scopes
                     */
                    project_id?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ES256 JWT (RFC 9068) */
                        access_token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        /** @example 3600 */
                        expires_in: number;
                        scope: string;
                        /** Format: uuid */
                        organization_id: string;
                        /** Format: uuid */
                        project_id?: string;
                    };
                };
            };
            /** @description RFC 6749 error: invalid_request, unsupported_grant_type, invalid_scope */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 error: invalid_client (wrong or missing client credentials) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 error slow_down: too many token requests */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 error: server_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resourcesDiscover: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Or use HTTP Basic (client_secret_basic) */
                    client_id?: string;
                    client_secret?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description Or use HTTP Basic (client_secret_basic) */
                    client_id?: string;
                    client_secret?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        resources: {
                            projects: {
                                /** Format: uuid */
                                projectId: string;
                                scope: string;
                            }[];
                            organizations: {
                                /** Format: uuid */
                                organizationId: string;
                                scope: string;
                            }[];
                            subprojects: unknown[];
                        };
                    };
                };
            };
            /** @description RFC 6749 error: invalid_request, unsupported_grant_type, invalid_scope */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 error: invalid_client (wrong or missing client credentials) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 error slow_down: too many token requests */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 error: server_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminOrganizationsList: {
        parameters: {
            query?: {
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizations: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            name: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                        }[];
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminOrganizationsCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request within 24 hours answers what the first did (status and body) with `Idempotent-Replayed: true`; with another request, 422; while the first runs, 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description `true` when this is the kept answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            name: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key in use. type: `urn:latchkey:problem:idempotency-key-in-use` (idempotency-key in use) */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key reused. type: `urn:latchkey:problem:idempotency-key-reused` (idempotency-key reused) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminClientsList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clients: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            name: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            organizationId: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                        }[];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminClientsCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request within 24 hours answers what the first did (status and body) with `Idempotent-Replayed: true`; with another request, 422; while the first runs, 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description `true` when this is the kept answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        client: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            name: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            organizationId: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                        };
                        clientSecret: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key in use. type: `urn:latchkey:problem:idempotency-key-in-use` (idempotency-key in use) */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key reused. type: `urn:latchkey:problem:idempotency-key-reused` (idempotency-key reused) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminGrantsList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        grants: {
                            resourceType: "organization" | "project";
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            resourceId: string;
                            scope: string;
                        }[];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminGrantsPut: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    resourceType: "organization" | "project";
                    /**
                     * Format: uuid
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    resourceId: string;
                    /** @enum {string} */
                    scope: "organization.admin" | "project.admin" | "project.installer";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        grant: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            clientId: string;
                            resourceType: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            resourceId: string;
                            scope: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminGrantsDelete: {
        parameters: {
            query: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                resourceId: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminClientsDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminClientsRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientSecret: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminAppUsersErase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example +4799887766 */
                appUserId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        erased: {
                            accessEvents: number;
                            keys: number;
                            managedUsers: number;
                            sharingRights: number;
                            deliveries: number;
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminAppTokensCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example +4799887766 */
                    appUserId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        token_type: string;
                        expires_in: number;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    organizationsGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            name: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    projectsList: {
        parameters: {
            query?: {
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projects: components["schemas"]["Project"][];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    projectsCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request within 24 hours answers what the first did (status and body) with `Idempotent-Replayed: true`; with another request, 422; while the first runs, 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @example NO */
                    countryIso?: string;
                    orgNumber?: string;
                    orgNumberSuffix?: string;
                    /** @example Europe/Oslo */
                    timezone?: string;
                    /**
                     * @example {
                     *       "unit": "4B"
                     *     }
                     */
                    metadata?: {
                        [key: string]: string;
                    };
                    /**
                     * @description true: a sandbox for trying the API, where keys can simulate access events. Fixed at creation.
                     * @default false
                     */
                    sandbox?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the created resource */
                    Location?: string;
                    /** @description `true` when this is the kept answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            name: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            organizationId: string;
                            countryIso: string | null;
                            orgNumber: string | null;
                            orgNumberSuffix: string | null;
                            timezone: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            /**
                             * @example {
                             *       "unit": "4B"
                             *     }
                             */
                            metadata: {
                                [key: string]: string;
                            };
                            /** @description A sandbox project accepts simulated access events (POST …/keys/{keyId}/simulate) */
                            sandbox: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key in use. type: `urn:latchkey:problem:idempotency-key-in-use` (idempotency-key in use) */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key reused. type: `urn:latchkey:problem:idempotency-key-reused` (idempotency-key reused) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    apiPermissionsList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                organizationId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiPermissions: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            clientId: string;
                            /** @description The client's name; only for clients of this organization */
                            clientName?: string;
                            /**
                             * Format: uuid
                             * @description The client's organization; only when it is this organization
                             */
                            organizationId?: string;
                            scope: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                        }[];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    apiPermissionsPut: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                organizationId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "scope": "project.installer"
                 *     }
                 */
                "application/json": {
                    scope: "project.admin" | "project.installer";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiPermission: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            clientId: string;
                            /** @description The client's name; only for clients of this organization */
                            clientName?: string;
                            /**
                             * Format: uuid
                             * @description The client's organization; only when it is this organization
                             */
                            organizationId?: string;
                            scope: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    apiPermissionsDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                organizationId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    bridgesList: {
        parameters: {
            query?: {
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bridges: components["schemas"]["Bridge"][];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    bridgesCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request within 24 hours answers what the first did (status and body) with `Idempotent-Replayed: true`; with another request, 422; while the first runs, 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Storgata 1, basement"
                 *     }
                 */
                "application/json": {
                    /** @example Storgata 1, basement */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the created resource */
                    Location?: string;
                    /** @description `true` when this is the kept answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bridge: components["schemas"]["Bridge"];
                        /** @description The bridge token (lk_bridge_…): shown only here; the service keeps only its hash */
                        token: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key in use. type: `urn:latchkey:problem:idempotency-key-in-use` (idempotency-key in use) */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key reused. type: `urn:latchkey:problem:idempotency-key-reused` (idempotency-key reused) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    bridgesGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                organizationId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                bridgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bridge: components["schemas"]["Bridge"];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    bridgesDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                organizationId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                bridgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict. type: `urn:latchkey:problem:conflict` (conflict) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    bridgesRotateToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                organizationId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                bridgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bridge: components["schemas"]["Bridge"];
                        /** @description The bridge token (lk_bridge_…): shown only here; the service keeps only its hash */
                        token: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict. type: `urn:latchkey:problem:conflict` (conflict) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    projectsGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project: components["schemas"]["Project"];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    locksList: {
        parameters: {
            query?: {
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        locks: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            name: string;
                            /** @description IANA time zone; recurrence windows of keys use it */
                            timezone: string;
                            address?: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @description The network lock this lock stands for, through a bridge; null when none is connected */
                            connection: {
                                /** @enum {string} */
                                type: "matter";
                                /**
                                 * Format: uuid
                                 * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                                 */
                                bridgeId: string;
                                /** @description commissioning: the bridge is pairing with the lock; online; unreachable: the bridge cannot reach it now; failed: it could not be connected (see error) */
                                status: "commissioning" | "online" | "unreachable" | "failed";
                                lockState: "locked" | "unlocked" | "jammed" | "unknown";
                                batteryPercent: number | null;
                                keypad: boolean | null;
                                capacity: {
                                    users: number;
                                    pinCodes: number;
                                    weekDaySchedulesPerUser: number;
                                    yearDaySchedulesPerUser: number;
                                } | null;
                                vendor: string | null;
                                product: string | null;
                                lastSeen: string | null;
                                error: {
                                    title: string;
                                    detail: string;
                                } | null;
                            } | null;
                        }[];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    locksCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request within 24 hours answers what the first did (status and body) with `Idempotent-Replayed: true`; with another request, 422; while the first runs, 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Front door",
                 *       "timezone": "Europe/Oslo",
                 *       "address": "Storgata 1, 0155 Oslo",
                 *       "metadata": {
                 *         "unit": "4B"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @example Front door, Storgata 1 */
                    name: string;
                    /** @example Europe/Oslo */
                    timezone?: string;
                    /** @example Storgata 1, 0155 Oslo */
                    address?: string;
                    /**
                     * @description At most 20 pairs; keys 1–40 characters; values strings of at most 256 characters.
                     * @example {
                     *       "unit": "4B"
                     *     }
                     */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the created resource */
                    Location?: string;
                    /** @description `true` when this is the kept answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lock: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            name: string;
                            /** @description IANA time zone; recurrence windows of keys use it */
                            timezone: string;
                            address?: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @description The network lock this lock stands for, through a bridge; null when none is connected */
                            connection: {
                                /** @enum {string} */
                                type: "matter";
                                /**
                                 * Format: uuid
                                 * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                                 */
                                bridgeId: string;
                                /** @description commissioning: the bridge is pairing with the lock; online; unreachable: the bridge cannot reach it now; failed: it could not be connected (see error) */
                                status: "commissioning" | "online" | "unreachable" | "failed";
                                lockState: "locked" | "unlocked" | "jammed" | "unknown";
                                batteryPercent: number | null;
                                keypad: boolean | null;
                                capacity: {
                                    users: number;
                                    pinCodes: number;
                                    weekDaySchedulesPerUser: number;
                                    yearDaySchedulesPerUser: number;
                                } | null;
                                vendor: string | null;
                                product: string | null;
                                lastSeen: string | null;
                                error: {
                                    title: string;
                                    detail: string;
                                } | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key in use. type: `urn:latchkey:problem:idempotency-key-in-use` (idempotency-key in use) */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key reused. type: `urn:latchkey:problem:idempotency-key-reused` (idempotency-key reused) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    locksGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lock: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            name: string;
                            /** @description IANA time zone; recurrence windows of keys use it */
                            timezone: string;
                            address?: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @description The network lock this lock stands for, through a bridge; null when none is connected */
                            connection: {
                                /** @enum {string} */
                                type: "matter";
                                /**
                                 * Format: uuid
                                 * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                                 */
                                bridgeId: string;
                                /** @description commissioning: the bridge is pairing with the lock; online; unreachable: the bridge cannot reach it now; failed: it could not be connected (see error) */
                                status: "commissioning" | "online" | "unreachable" | "failed";
                                lockState: "locked" | "unlocked" | "jammed" | "unknown";
                                batteryPercent: number | null;
                                keypad: boolean | null;
                                capacity: {
                                    users: number;
                                    pinCodes: number;
                                    weekDaySchedulesPerUser: number;
                                    yearDaySchedulesPerUser: number;
                                } | null;
                                vendor: string | null;
                                product: string | null;
                                lastSeen: string | null;
                                error: {
                                    title: string;
                                    detail: string;
                                } | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    locksOffboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offboarded */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    locksUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Back door",
                 *       "metadata": {
                 *         "unit": null
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @example Front door, Storgata 1 */
                    name?: string;
                    /** @example Europe/Oslo */
                    timezone?: string;
                    /** @description null removes the address */
                    address?: string | null;
                    /** @description At most 20 pairs; keys 1–40 characters; values strings of at most 256 characters. A null value deletes the pair. */
                    metadata?: {
                        [key: string]: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lock: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            name: string;
                            /** @description IANA time zone; recurrence windows of keys use it */
                            timezone: string;
                            address?: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @description The network lock this lock stands for, through a bridge; null when none is connected */
                            connection: {
                                /** @enum {string} */
                                type: "matter";
                                /**
                                 * Format: uuid
                                 * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                                 */
                                bridgeId: string;
                                /** @description commissioning: the bridge is pairing with the lock; online; unreachable: the bridge cannot reach it now; failed: it could not be connected (see error) */
                                status: "commissioning" | "online" | "unreachable" | "failed";
                                lockState: "locked" | "unlocked" | "jammed" | "unknown";
                                batteryPercent: number | null;
                                keypad: boolean | null;
                                capacity: {
                                    users: number;
                                    pinCodes: number;
                                    weekDaySchedulesPerUser: number;
                                    yearDaySchedulesPerUser: number;
                                } | null;
                                vendor: string | null;
                                product: string | null;
                                lastSeen: string | null;
                                error: {
                                    title: string;
                                    detail: string;
                                } | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lockConnectionsPut: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "matter",
                 *       "pairingCode": "3497-011-2332"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "matter";
                    /**
                     * @description the lock's 11- or 21-digit manual pairing code (dashes and spaces allowed) or its MT: QR payload
                     * @example 3497-011-2332
                     */
                    pairingCode: string;
                    /**
                     * Format: uuid
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    bridgeId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lock: components["schemas"]["Lock"];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict. type: `urn:latchkey:problem:conflict` (conflict) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lockConnectionsDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lock: components["schemas"]["Lock"];
                        /** @description what could not be done, in plain words */
                        warning?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lockActivityList: {
        parameters: {
            query?: {
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
                /** @example 2026-11-21T10:15:30.123Z */
                from?: string;
                /** @example 2026-11-21T10:15:30.123Z */
                to?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        activity: components["schemas"]["LockActivity"][];
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    managedUsersList: {
        parameters: {
            query?: {
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        managedUsers: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /** @example +4799887766 */
                            appUserId: string;
                            firstName: string | null;
                            lastName: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            metadata: {
                                [key: string]: string;
                            };
                        }[];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    managedUsersCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request within 24 hours answers what the first did (status and body) with `Idempotent-Replayed: true`; with another request, 422; while the first runs, 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "appUserId": "+4799887766",
                 *       "firstName": "Kari",
                 *       "lastName": "Nordmann",
                 *       "metadata": {
                 *         "unit": "4B"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @example +4799887766 */
                    appUserId: string;
                    firstName?: string;
                    lastName?: string;
                    /**
                     * @description At most 20 pairs; keys 1–40 characters; values strings of at most 256 characters.
                     * @example {
                     *       "unit": "4B"
                     *     }
                     */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the created resource */
                    Location?: string;
                    /** @description `true` when this is the kept answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        managedUser: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /** @example +4799887766 */
                            appUserId: string;
                            firstName: string | null;
                            lastName: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            metadata: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key in use. type: `urn:latchkey:problem:idempotency-key-in-use` (idempotency-key in use) or `urn:latchkey:problem:conflict` (conflict) */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key reused. type: `urn:latchkey:problem:idempotency-key-reused` (idempotency-key reused) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    managedUsersGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /**
                 * @description E.164, URL-encoded: %2B4799887766
                 * @example +4799887766
                 */
                appUserId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        managedUser: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /** @example +4799887766 */
                            appUserId: string;
                            firstName: string | null;
                            lastName: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            metadata: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    managedUsersDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /**
                 * @description E.164, URL-encoded: %2B4799887766
                 * @example +4799887766
                 */
                appUserId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    managedUsersUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /**
                 * @description E.164, URL-encoded: %2B4799887766
                 * @example +4799887766
                 */
                appUserId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "lastName": "Hansen",
                 *       "metadata": {
                 *         "unit": null
                 *       }
                 *     }
                 */
                "application/json": {
                    firstName?: string | null;
                    lastName?: string | null;
                    /** @description At most 20 pairs; keys 1–40 characters; values strings of at most 256 characters. A null value deletes the pair. */
                    metadata?: {
                        [key: string]: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        managedUser: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /** @example +4799887766 */
                            appUserId: string;
                            firstName: string | null;
                            lastName: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            metadata: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    keysList: {
        parameters: {
            query?: {
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
                /** @example +4799887766 */
                appUserId?: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId?: string;
                origin?: "integrator" | "shared";
                /** @example revoked,expired */
                excludeStates?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            lockId: string;
                            /** @example +4799887766 */
                            appUserId: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            start: string;
                            end: string | null;
                            recurrence: {
                                windows: {
                                    days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                                    /** @example 08:00 */
                                    from: string;
                                    /**
                                     * @description earlier than `from`: the window runs past midnight; equal to `from`: invalid
                                     * @example 17:00
                                     */
                                    to: string;
                                }[];
                            } | null;
                            state: "scheduled" | "active" | "expired" | "revoked";
                            origin: "integrator" | "shared";
                            /** @example +4799887766 */
                            sharedBy?: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            revoked?: string;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @description The key's PIN code on a lock with a keypad; absent when the key has none */
                            pin?: {
                                /** @description The digits to type on the lock's keypad. Shown to project.admin and to the key's app user only. */
                                code?: string;
                                /** @description `pending`: not on the lock yet (or its removal is not done yet); `set`: on the lock; `failed`: the lock cannot take it (see `error`); `removed`: taken off the lock after the key ended */
                                status: "pending" | "set" | "failed" | "removed";
                                /** @description Why the PIN is not on the lock, in plain words, naming the limit it hit */
                                error?: {
                                    title: string;
                                    detail: string;
                                };
                            };
                        }[];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    keysCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request within 24 hours answers what the first did (status and body) with `Idempotent-Replayed: true`; with another request, 422; while the first runs, 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "keys": [
                 *         {
                 *           "lockId": "0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b",
                 *           "appUserId": "+4799887766",
                 *           "start": "2026-12-01T08:00:00.000+01:00",
                 *           "durationMinutes": 43200,
                 *           "recurrence": {
                 *             "windows": [
                 *               {
                 *                 "days": [
                 *                   "mon",
                 *                   "tue",
                 *                   "wed",
                 *                   "thu",
                 *                   "fri"
                 *                 ],
                 *                 "from": "07:00",
                 *                 "to": "18:00"
                 *               }
                 *             ]
                 *           },
                 *           "metadata": {
                 *             "booking": "B-1042"
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    keys: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /** @example +4799887766 */
                        appUserId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        start?: string;
                        /** @description null: no expiry */
                        end?: string | null;
                        durationMinutes?: number;
                        recurrence?: {
                            windows: {
                                days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                                /** @example 08:00 */
                                from: string;
                                /**
                                 * @description earlier than `from`: the window runs past midnight; equal to `from`: invalid
                                 * @example 17:00
                                 */
                                to: string;
                            }[];
                        } | null;
                        /**
                         * @description At most 20 pairs; keys 1–40 characters; values strings of at most 256 characters.
                         * @example {
                         *       "unit": "4B"
                         *     }
                         */
                        metadata?: {
                            [key: string]: string;
                        };
                        /**
                         * @description A PIN code on the lock's keypad: `true` has one generated (LATCHKEY_PIN_LENGTH digits), a string of 4 to 8 digits sets it. Only a lock connected with a keypad takes one (else 400); a PIN already live on the lock is 409.
                         * @example true
                         * @example 482913
                         */
                        pin?: boolean | string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description `true` when this is the kept answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            lockId: string;
                            /** @example +4799887766 */
                            appUserId: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            start: string;
                            end: string | null;
                            recurrence: {
                                windows: {
                                    days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                                    /** @example 08:00 */
                                    from: string;
                                    /**
                                     * @description earlier than `from`: the window runs past midnight; equal to `from`: invalid
                                     * @example 17:00
                                     */
                                    to: string;
                                }[];
                            } | null;
                            state: "scheduled" | "active" | "expired" | "revoked";
                            origin: "integrator" | "shared";
                            /** @example +4799887766 */
                            sharedBy?: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            revoked?: string;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @description The key's PIN code on a lock with a keypad; absent when the key has none */
                            pin?: {
                                /** @description The digits to type on the lock's keypad. Shown to project.admin and to the key's app user only. */
                                code?: string;
                                /** @description `pending`: not on the lock yet (or its removal is not done yet); `set`: on the lock; `failed`: the lock cannot take it (see `error`); `removed`: taken off the lock after the key ended */
                                status: "pending" | "set" | "failed" | "removed";
                                /** @description Why the PIN is not on the lock, in plain words, naming the limit it hit */
                                error?: {
                                    title: string;
                                    detail: string;
                                };
                            };
                        }[];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key in use. type: `urn:latchkey:problem:idempotency-key-in-use` (idempotency-key in use) */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key reused. type: `urn:latchkey:problem:idempotency-key-reused` (idempotency-key reused) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    keysRevokeMatching: {
        parameters: {
            query?: {
                /** @example +4799887766 */
                appUserId?: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        revoked: number;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    keysGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            lockId: string;
                            /** @example +4799887766 */
                            appUserId: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            start: string;
                            end: string | null;
                            recurrence: {
                                windows: {
                                    days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                                    /** @example 08:00 */
                                    from: string;
                                    /**
                                     * @description earlier than `from`: the window runs past midnight; equal to `from`: invalid
                                     * @example 17:00
                                     */
                                    to: string;
                                }[];
                            } | null;
                            state: "scheduled" | "active" | "expired" | "revoked";
                            origin: "integrator" | "shared";
                            /** @example +4799887766 */
                            sharedBy?: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            revoked?: string;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @description The key's PIN code on a lock with a keypad; absent when the key has none */
                            pin?: {
                                /** @description The digits to type on the lock's keypad. Shown to project.admin and to the key's app user only. */
                                code?: string;
                                /** @description `pending`: not on the lock yet (or its removal is not done yet); `set`: on the lock; `failed`: the lock cannot take it (see `error`); `removed`: taken off the lock after the key ended */
                                status: "pending" | "set" | "failed" | "removed";
                                /** @description Why the PIN is not on the lock, in plain words, naming the limit it hit */
                                error?: {
                                    title: string;
                                    detail: string;
                                };
                            };
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    keysRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            lockId: string;
                            /** @example +4799887766 */
                            appUserId: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            start: string;
                            end: string | null;
                            recurrence: {
                                windows: {
                                    days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                                    /** @example 08:00 */
                                    from: string;
                                    /**
                                     * @description earlier than `from`: the window runs past midnight; equal to `from`: invalid
                                     * @example 17:00
                                     */
                                    to: string;
                                }[];
                            } | null;
                            state: "scheduled" | "active" | "expired" | "revoked";
                            origin: "integrator" | "shared";
                            /** @example +4799887766 */
                            sharedBy?: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            revoked?: string;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @description The key's PIN code on a lock with a keypad; absent when the key has none */
                            pin?: {
                                /** @description The digits to type on the lock's keypad. Shown to project.admin and to the key's app user only. */
                                code?: string;
                                /** @description `pending`: not on the lock yet (or its removal is not done yet); `set`: on the lock; `failed`: the lock cannot take it (see `error`); `removed`: taken off the lock after the key ended */
                                status: "pending" | "set" | "failed" | "removed";
                                /** @description Why the PIN is not on the lock, in plain words, naming the limit it hit */
                                error?: {
                                    title: string;
                                    detail: string;
                                };
                            };
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sharedKeysRevokeMatching: {
        parameters: {
            query?: {
                /** @example +4799887766 */
                appUserId?: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        revoked: number;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    keysSimulate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "unlocked"
                 *     }
                 */
                "application/json": {
                    action: "locked" | "unlocked";
                    /**
                     * Format: date-time
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        result: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            status: "accepted" | "duplicate" | "rejected";
                            reason?: "key_not_found" | "key_revoked" | "before_start" | "after_end" | "outside_recurrence" | "created_in_future" | "created_too_old";
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) or `urn:latchkey:problem:sandbox-only` (only in a sandbox project) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests. type: `urn:latchkey:problem:rate-limited` (too many requests) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sharingRightsList: {
        parameters: {
            query?: {
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
                /** @example +4799887766 */
                appUserId?: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId?: string;
                /** @description also list revoked rights */
                includeRevoked?: boolean;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sharingRights: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            lockId: string;
                            /** @example +4799887766 */
                            appUserId: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            revoked?: string;
                        }[];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sharingRightsCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request within 24 hours answers what the first did (status and body) with `Idempotent-Replayed: true`; with another request, 422; while the first runs, 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sharingRights": [
                 *         {
                 *           "lockId": "0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b",
                 *           "appUserId": "+4799887766"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    sharingRights: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /** @example +4799887766 */
                        appUserId: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description `true` when this is the kept answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sharingRights: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            lockId: string;
                            /** @example +4799887766 */
                            appUserId: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            revoked?: string;
                        }[];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key in use. type: `urn:latchkey:problem:idempotency-key-in-use` (idempotency-key in use) or `urn:latchkey:problem:conflict` (conflict) */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key reused. type: `urn:latchkey:problem:idempotency-key-reused` (idempotency-key reused) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sharingRightsRevokeMatching: {
        parameters: {
            query?: {
                /** @example +4799887766 */
                appUserId?: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        revoked: number;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    v1TokenCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "client_id": "0193a1b2-7c4d-7e5f-8a9b-0c1d2e3f4a5b",
                 *       "client_secret": "lk_secret_…",
                 *       "scope": [
                 *         "lockHolder.identifier:NO.919424508."
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    grant_type: "client_credentials";
                    /** @description Partner id (API client id). Or use HTTP Basic (client_secret_basic) */
                    client_id?: string;
                    /** @description Partner API key (client secret) */
                    client_secret?: string;
                    /** @description Optional. A space-delimited string or an array of strings, at most one claim of each kind: `integrator.admin`, `lockHolder.admin:<lockHolderId>`, `lockHolder.identifier:<countryIso>.<orgNumber>.<orgNumberSuffix>` (the suffix may be empty). Without a scope the token carries `integrator.admin`. */
                    scope?: string | string[];
                };
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "client_id": "0193a1b2-7c4d-7e5f-8a9b-0c1d2e3f4a5b",
                 *       "client_secret": "lk_secret_…",
                 *       "scope": [
                 *         "lockHolder.identifier:NO.919424508."
                 *       ]
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    grant_type: "client_credentials";
                    /** @description Partner id (API client id). Or use HTTP Basic (client_secret_basic) */
                    client_id?: string;
                    /** @description Partner API key (client secret) */
                    client_secret?: string;
                    /** @description Optional. A space-delimited string or an array of strings, at most one claim of each kind: `integrator.admin`, `lockHolder.admin:<lockHolderId>`, `lockHolder.identifier:<countryIso>.<orgNumber>.<orgNumberSuffix>` (the suffix may be empty). Without a scope the token carries `integrator.admin`. */
                    scope?: string | string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ES256 JWT (RFC 9068) usable on /integrators/v1 only */
                        access_token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        /** @example 3600 */
                        expires_in: number;
                        /** @description The granted claims; present only when a scope was requested */
                        scope?: string[];
                        /**
                         * Format: uuid
                         * @description The lock holder a lockHolder claim was granted on
                         */
                        lock_holder_id?: string;
                    };
                };
            };
            /** @description RFC 6749 error: invalid_request, unsupported_grant_type, invalid_scope */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 error: invalid_client (wrong or missing client credentials) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 error slow_down: too many token requests */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 error: server_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example invalid_client */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lockHoldersList: {
        parameters: {
            query?: {
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lockHolders: components["schemas"]["LockHolder"][];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lockHoldersCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request within 24 hours answers what the first did (status and body) with `Idempotent-Replayed: true`; with another request, 422; while the first runs, 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example Storgata 1 Housing Co-op */
                    name: string;
                    /**
                     * @description ISO 3166-1 alpha-2
                     * @example NO
                     */
                    countryIso: string;
                    /**
                     * @description Organization number in its country
                     * @example 919424508
                     */
                    organizationId: string;
                    /**
                     * @description Distinguishes lock holders sharing an organization number; may be empty
                     * @example
                     */
                    organizationIdSuffix?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the created resource */
                    Location?: string;
                    /** @description `true` when this is the kept answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lockHolder: components["schemas"]["LockHolder"];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key in use. type: `urn:latchkey:problem:idempotency-key-in-use` (idempotency-key in use) or `urn:latchkey:problem:conflict` (conflict) */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key reused. type: `urn:latchkey:problem:idempotency-key-reused` (idempotency-key reused) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lockHoldersGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockHolderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lockHolder: components["schemas"]["LockHolder"];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lockHoldersUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockHolderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example Storgata 1 Housing Co-op */
                    name?: string;
                    /**
                     * @description ISO 3166-1 alpha-2
                     * @example NO
                     */
                    countryIso?: string;
                    /**
                     * @description Organization number in its country
                     * @example 919424508
                     */
                    organizationId?: string;
                    /**
                     * @description Distinguishes lock holders sharing an organization number; may be empty
                     * @example
                     */
                    organizationIdSuffix?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lockHolder: components["schemas"]["LockHolder"];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict. type: `urn:latchkey:problem:conflict` (conflict) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lockHolderLocksList: {
        parameters: {
            query?: {
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockHolderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        locks: components["schemas"]["LockHolderLock"][];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    appAuthOtpSend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example +4799887766 */
                    appUserId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expiresIn: number;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests. type: `urn:latchkey:problem:rate-limited` (too many requests) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    appAuthTokenCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example +4799887766 */
                    appUserId: string;
                    /** @example 042917 */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        expires_in: number;
                        /** @example lk_refresh_0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b.0.… */
                        refresh_token: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests. type: `urn:latchkey:problem:rate-limited` (too many requests) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    appAuthRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh_token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        expires_in: number;
                        /** @example lk_refresh_0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b.0.… */
                        refresh_token: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) or `urn:latchkey:problem:invalid-refresh-token` (invalid refresh token) or `urn:latchkey:problem:invalid-dpop-proof` (invalid dpop proof) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests. type: `urn:latchkey:problem:rate-limited` (too many requests) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    appAuthSessionDelete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Logged out */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict. type: `urn:latchkey:problem:conflict` (conflict) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    appKeysList: {
        parameters: {
            query?: {
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            lockId: string;
                            /** @example +4799887766 */
                            appUserId: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            start: string;
                            end: string | null;
                            recurrence: {
                                windows: {
                                    days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                                    from: string;
                                    to: string;
                                }[];
                            } | null;
                            state: "scheduled" | "active" | "expired" | "revoked";
                            origin: "integrator" | "shared";
                            /** @example +4799887766 */
                            sharedBy?: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            revoked?: string;
                            /**
                             * @example {
                             *       "unit": "4B"
                             *     }
                             */
                            metadata: {
                                [key: string]: string;
                            };
                            /** @description The key's PIN code on a lock with a keypad; absent when the key has none */
                            pin?: {
                                /** @description The digits to type on the lock's keypad. Shown to project.admin and to the key's app user only. */
                                code?: string;
                                /** @description `pending`: not on the lock yet (or its removal is not done yet); `set`: on the lock; `failed`: the lock cannot take it (see `error`); `removed`: taken off the lock after the key ended */
                                status: "pending" | "set" | "failed" | "removed";
                                /** @description Why the PIN is not on the lock, in plain words, naming the limit it hit */
                                error?: {
                                    title: string;
                                    detail: string;
                                };
                            };
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            projectId: string;
                            lockName: string;
                            lockTimezone: string;
                            canShare: boolean;
                        }[];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    appMeUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appUser: {
                            /** @example +4799887766 */
                            appUserId: string;
                            name: string | null;
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    appKeysShare: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request within 24 hours answers what the first did (status and body) with `Idempotent-Replayed: true`; with another request, 422; while the first runs, 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example +4799887766 */
                    appUserId: string;
                    /**
                     * Format: date-time
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    start?: string;
                    /**
                     * Format: date-time
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    end?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description `true` when this is the kept answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            lockId: string;
                            /** @example +4799887766 */
                            appUserId: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            start: string;
                            end: string | null;
                            recurrence: {
                                windows: {
                                    days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                                    from: string;
                                    to: string;
                                }[];
                            } | null;
                            state: "scheduled" | "active" | "expired" | "revoked";
                            origin: "integrator" | "shared";
                            /** @example +4799887766 */
                            sharedBy?: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            revoked?: string;
                            /**
                             * @example {
                             *       "unit": "4B"
                             *     }
                             */
                            metadata: {
                                [key: string]: string;
                            };
                            /** @description The key's PIN code on a lock with a keypad; absent when the key has none */
                            pin?: {
                                /** @description The digits to type on the lock's keypad. Shown to project.admin and to the key's app user only. */
                                code?: string;
                                /** @description `pending`: not on the lock yet (or its removal is not done yet); `set`: on the lock; `failed`: the lock cannot take it (see `error`); `removed`: taken off the lock after the key ended */
                                status: "pending" | "set" | "failed" | "removed";
                                /** @description Why the PIN is not on the lock, in plain words, naming the limit it hit */
                                error?: {
                                    title: string;
                                    detail: string;
                                };
                            };
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key in use. type: `urn:latchkey:problem:idempotency-key-in-use` (idempotency-key in use) */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key reused. type: `urn:latchkey:problem:idempotency-key-reused` (idempotency-key reused) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests. type: `urn:latchkey:problem:rate-limited` (too many requests) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    appEventsReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        keyId: string;
                        /** @enum {string} */
                        action: "locked" | "unlocked";
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        created: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            status: "accepted" | "duplicate" | "rejected";
                            reason?: "key_not_found" | "key_revoked" | "before_start" | "after_end" | "outside_recurrence" | "created_in_future" | "created_too_old";
                        }[];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    appDevicesList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        devices: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            name: string | null;
                            /**
                             * @description RFC 7638 SHA-256 thumbprint of the public key, base64url: a credential's cnf.jkt
                             * @example NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs
                             */
                            thumbprint: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                        }[];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    appDevicesCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request within 24 hours answers what the first did (status and body) with `Idempotent-Replayed: true`; with another request, 422; while the first runs, 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The public half of the device key, as an EC P-256 JWK (RFC 7517): kty "EC", crv "P-256", x and y; kid, alg "ES256", use "sig" and key_ops ["verify"] are allowed. Never the private key.
                     * @example {
                     *       "kty": "EC",
                     *       "crv": "P-256",
                     *       "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
                     *       "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"
                     *     }
                     */
                    publicKey: {
                        /** @description "EC" */
                        kty?: string;
                        /** @description "P-256" */
                        crv?: string;
                        /** @description the point's x coordinate: 32 bytes, base64url (43 characters) */
                        x?: string;
                        /** @description the point's y coordinate: 32 bytes, base64url (43 characters) */
                        y?: string;
                    };
                    /** @example Kari's phone */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description `true` when this is the kept answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        device: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            name: string | null;
                            /**
                             * @description RFC 7638 SHA-256 thumbprint of the public key, base64url: a credential's cnf.jkt
                             * @example NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs
                             */
                            thumbprint: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key in use. type: `urn:latchkey:problem:idempotency-key-in-use` (idempotency-key in use) */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key reused. type: `urn:latchkey:problem:idempotency-key-reused` (idempotency-key reused) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    appDevicesDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                deviceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    appUserDevicesList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /**
                 * @description E.164, URL-encoded: %2B4799887766
                 * @example +4799887766
                 */
                appUserId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        devices: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /** @description The name the app gave it, if any */
                            name: string | null;
                            /**
                             * @description RFC 7638 SHA-256 thumbprint of the public key, base64url: a credential's cnf.jkt
                             * @example NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs
                             */
                            thumbprint: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            /** @description When it last fetched a credential for a key of this project (to the minute); null if it never has. Fetches for other projects' keys are not shown. */
                            lastCredentialAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    appKeysCredential: {
        parameters: {
            query: {
                /** @description One of your devices (POST /v2/app/devices) */
                deviceId: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A compact JWS (RFC 7515), ES256, header { alg, typ: "latchkey-credential+jwt", kid }; claims iss, sub, jti (the key), lock, iat, nbf, exp, tz, win, cnf.jkt (the device) and rev (the lock's revocation list) */
                        credential: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        expiresAt: string;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    credentialKeysList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Oldest first; the last one signs new credentials, the others were rotated out and stay listed while credentials they signed may be unexpired, and 30 days more */
                        keys: {
                            /** @enum {string} */
                            kty: "EC";
                            /** @enum {string} */
                            crv: "P-256";
                            x: string;
                            y: string;
                            /** @description RFC 7638 thumbprint of the key; the `kid` of the credentials it signs */
                            kid: string;
                            /** @enum {string} */
                            alg: "ES256";
                            /** @enum {string} */
                            use: "sig";
                        }[];
                        /** @description Each key of `keys`, in the same order: when it was made, whether it signs, until when it stays listed */
                        states: {
                            /** @description The `kid` of a key in `keys` */
                            kid: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            /** @description Signs new credentials now (exactly one key does) */
                            signing: boolean;
                            /** @description When it stopped signing (a rotation); null for the signing key */
                            retired: string | null;
                            /** @description When a rotated-out key leaves the key set and the provisioning bundles; null for the signing key */
                            listedUntil: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    credentialKeysRotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Oldest first; the last one signs new credentials, the others were rotated out and stay listed while credentials they signed may be unexpired, and 30 days more */
                        keys: {
                            /** @enum {string} */
                            kty: "EC";
                            /** @enum {string} */
                            crv: "P-256";
                            x: string;
                            y: string;
                            /** @description RFC 7638 thumbprint of the key; the `kid` of the credentials it signs */
                            kid: string;
                            /** @enum {string} */
                            alg: "ES256";
                            /** @enum {string} */
                            use: "sig";
                        }[];
                        /** @description Each key of `keys`, in the same order: when it was made, whether it signs, until when it stays listed */
                        states: {
                            /** @description The `kid` of a key in `keys` */
                            kid: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            /** @description Signs new credentials now (exactly one key does) */
                            signing: boolean;
                            /** @description When it stopped signing (a rotation); null for the signing key */
                            retired: string | null;
                            /** @description When a rotated-out key leaves the key set and the provisioning bundles; null for the signing key */
                            listedUntil: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    locksProvisioning: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /** @example Europe/Oslo */
                        timezone: string;
                        /** @description The service's public URL, the credentials' iss */
                        issuer: string;
                        keys: {
                            /** @enum {string} */
                            kty: "EC";
                            /** @enum {string} */
                            crv: "P-256";
                            x: string;
                            y: string;
                            /** @description RFC 7638 thumbprint of the key; the `kid` of the credentials it signs */
                            kid: string;
                            /** @enum {string} */
                            alg: "ES256";
                            /** @enum {string} */
                            use: "sig";
                        }[];
                        revocation: {
                            /** @description Only ever grows; a lock keeps the list with the highest v it has seen */
                            v: number;
                            /** @description Ids of the lock's revoked keys whose credentials may still be unexpired */
                            keys: string[];
                            /** @description Unix seconds: every credential for the lock issued before it is revoked */
                            before?: number;
                        };
                        /** @description The lock's local time rules (DST included), so it needs no time-zone database */
                        utcOffsets: {
                            /** @description Unix seconds at which the table stops covering the clock */
                            until: number;
                            /** @description The time zone's UTC offsets from a day before provisioning for 20 years, ascending */
                            periods: {
                                from: number;
                                offsetMinutes: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    appKeysOperate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "unlocked"
                 *     }
                 */
                "application/json": {
                    action: "unlocked" | "locked";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event: components["schemas"]["AccessEvent"];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict. type: `urn:latchkey:problem:conflict` (conflict) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    locksOperate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "unlocked"
                 *     }
                 */
                "application/json": {
                    action: "unlocked" | "locked";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lockState: "locked" | "unlocked" | "jammed" | "unknown";
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict. type: `urn:latchkey:problem:conflict` (conflict) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    accessLogList: {
        parameters: {
            query?: {
                /** @example +4799887766 */
                appUserId?: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                keyId?: string;
                /** @example 2026-11-21T10:15:30.123Z */
                from?: string;
                /** @example 2026-11-21T10:15:30.123Z */
                to?: string;
                limit?: number;
                /** @description Opaque: the startAfterId of the previous page (encodes its last event's created and id) */
                startAfterId?: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accessEvents: components["schemas"]["AccessEvent"][];
                        /** @description Opaque: the startAfterId of the previous page (encodes its last event's created and id) */
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lockAccessLogList: {
        parameters: {
            query?: {
                /** @example +4799887766 */
                appUserId?: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                keyId?: string;
                /** @example 2026-11-21T10:15:30.123Z */
                from?: string;
                /** @example 2026-11-21T10:15:30.123Z */
                to?: string;
                limit?: number;
                /** @description Opaque: the startAfterId of the previous page (encodes its last event's created and id) */
                startAfterId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accessEvents: components["schemas"]["AccessEvent"][];
                        /** @description Opaque: the startAfterId of the previous page (encodes its last event's created and id) */
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    accessLogStream: {
        parameters: {
            query?: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId?: string;
                /** @description Resume after this event (instead of the Last-Event-ID header) */
                lastEventId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests. type: `urn:latchkey:problem:rate-limited` (too many requests) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    activitySummaryGet: {
        parameters: {
            query?: {
                /** @description How many whole hours back from the current hour (which is included); at most 30 days */
                hours?: number;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A project's activity, counted per hour */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description Start of the first hour counted
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        from: string;
                        /**
                         * Format: date-time
                         * @description End of the last hour counted (the end of the current hour)
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        to: string;
                        /** @description One entry per hour with any access event or attempt, oldest first */
                        perHour: {
                            /**
                             * Format: date-time
                             * @description Start of the hour (UTC)
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            hour: string;
                            /** @description Access events that happened in the hour */
                            accessEvents: number;
                            /** @description Delivery attempts to the project's webhooks made in the hour, by outcome */
                            attempts: {
                                /** @description Answered with a 2xx status */
                                succeeded: number;
                                /** @description Answered with another status */
                                failed: number;
                                /** @description Not answered: refused, reset or timed out */
                                unanswered: number;
                            };
                        }[];
                        /** @description Each hour's 5 busiest locks by access events in that hour (ties by lock id), oldest hour first; an hour's other locks make up the rest of its `perHour` count. An hour more than two days old keeps the locks it listed then: events uploaded later count in its `perHour` count, and in a listed lock's own */
                        busiestLocks: {
                            /**
                             * Format: date-time
                             * @description Start of the hour (UTC)
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            hour: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            lockId: string;
                            /** @description The lock's name in its latest access event of the hour */
                            lockName: string;
                            accessEvents: number;
                        }[];
                        /** @description The 20 webhooks with the most attempts in the period (ties by webhook id), busiest first; webhooks without attempts are left out */
                        webhooks: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            webhookId: string;
                            url: string;
                            attempts: number;
                            /** @description Attempts answered with other than 2xx, or not answered */
                            failedAttempts: number;
                            /** @description Median attempt duration, within 5% and rounded to whole milliseconds */
                            p50Ms: number;
                            /** @description 95th percentile of attempt durations, within 5% and rounded to whole milliseconds */
                            p95Ms: number;
                        }[];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksList: {
        parameters: {
            query?: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                lockId?: string;
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhooks: components["schemas"]["Webhook"][];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request within 24 hours answers what the first did (status and body) with `Idempotent-Replayed: true`; with another request, 422; while the first runs, 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "trigger": "accessEvent",
                 *       "url": "https://hooks.example.com/latchkey",
                 *       "lockId": "0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description accessEvent: the Access Event itself; lockActivity and keyChanged: a { type, id, created, data } envelope (GET /v2/webhook-event-types lists the types)
                     * @default accessEvent
                     * @enum {string}
                     */
                    trigger?: "accessEvent" | "lockActivity" | "keyChanged";
                    /**
                     * @description https URL; may carry user:password@ (sent as Basic authentication)
                     * @example https://hooks.example.com/latchkey
                     */
                    url?: string;
                    /**
                     * @description Alias of url (Unloc clients use either name)
                     * @example https://hooks.example.com/latchkey
                     */
                    webhookUrl?: string;
                    /**
                     * Format: uuid
                     * @description The lock whose events this webhook receives
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    lockId?: string;
                    /** @description true: the events of every lock of the project, present and future (instead of lockId) */
                    allLocks?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the created resource */
                    Location?: string;
                    /** @description `true` when this is the kept answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            trigger: string;
                            url: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            lockId?: string;
                            allLocks: boolean;
                            enabled: boolean;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            /** @description whsec_...: signing secret, shown only here */
                            secret: string;
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key in use. type: `urn:latchkey:problem:idempotency-key-in-use` (idempotency-key in use) or `urn:latchkey:problem:conflict` (conflict) */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency-Key reused. type: `urn:latchkey:problem:idempotency-key-reused` (idempotency-key reused) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": false
                 *     }
                 */
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The new whsec_... secret, shown only here */
                        secret: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        previousSecretExpires: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempt: {
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            at: string;
                            responseStatus: number | null;
                            durationMs: number;
                            error: string | null;
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests. type: `urn:latchkey:problem:rate-limited` (too many requests) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhookEventTypesList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventTypes: {
                            /** @example key.revoked */
                            type: string;
                            /** @enum {string} */
                            trigger: "accessEvent" | "lockActivity" | "keyChanged";
                            description: string;
                            /** @description JSON Schema (2020-12) of the body as posted */
                            schema: {
                                [key: string]: unknown;
                            };
                        }[];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhookDeliveriesList: {
        parameters: {
            query?: {
                status?: "pending" | "succeeded" | "failed";
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhookDeliveriesGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                webhookId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A delivery with its attempts and the body it posts */
                        delivery: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            eventId: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            attemptCount: number;
                            /** @description When pending: the next try */
                            nextAttemptAt: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            created: string;
                            attempts: {
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T10:15:30.123Z
                                 */
                                at: string;
                                responseStatus: number | null;
                                durationMs: number;
                                error: string | null;
                            }[];
                            /** @description The exact bytes that were signed and posted (JSON text), kept as long as the delivery */
                            body: string;
                        };
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhookDeliveriesRetry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                webhookId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict. type: `urn:latchkey:problem:conflict` (conflict) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksRecover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "since": "2026-11-21T00:00:00.000Z"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description Re-queue failed deliveries created since then
                     */
                    since: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recovered: number;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict. type: `urn:latchkey:problem:conflict` (conflict) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large. type: `urn:latchkey:problem:payload-too-large` (payload too large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type. type: `urn:latchkey:problem:unsupported-media-type` (unsupported media type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    projectAuditList: {
        parameters: {
            query?: {
                /** @example key */
                resourceType?: string;
                resourceId?: string;
                actorId?: string;
                /** @example key.revoked */
                action?: string;
                /** @example 2026-11-21T10:15:30.123Z */
                from?: string;
                /** @example 2026-11-21T10:15:30.123Z */
                to?: string;
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        auditRecords: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            at: string;
                            actor: {
                                type: "admin" | "client" | "appUser" | "bridge" | "system";
                                /** @description The client id, the app user, the bridge, or the job; null for the operator */
                                id: string | null;
                            };
                            /** @example key.revoked */
                            action: string;
                            resource: {
                                type: string;
                                id: string | null;
                            };
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            projectId?: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            organizationId?: string;
                            requestId: string | null;
                            sourceAddress: string | null;
                            /** @description The fields that changed, before and after; secrets are never recorded */
                            changes: {
                                before?: {
                                    [key: string]: unknown;
                                };
                                after?: {
                                    [key: string]: unknown;
                                };
                            };
                        }[];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    organizationAuditList: {
        parameters: {
            query?: {
                /** @example key */
                resourceType?: string;
                resourceId?: string;
                actorId?: string;
                /** @example key.revoked */
                action?: string;
                /** @example 2026-11-21T10:15:30.123Z */
                from?: string;
                /** @example 2026-11-21T10:15:30.123Z */
                to?: string;
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
            };
            header?: never;
            path: {
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        auditRecords: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            at: string;
                            actor: {
                                type: "admin" | "client" | "appUser" | "bridge" | "system";
                                /** @description The client id, the app user, the bridge, or the job; null for the operator */
                                id: string | null;
                            };
                            /** @example key.revoked */
                            action: string;
                            resource: {
                                type: string;
                                id: string | null;
                            };
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            projectId?: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            organizationId?: string;
                            requestId: string | null;
                            sourceAddress: string | null;
                            /** @description The fields that changed, before and after; secrets are never recorded */
                            changes: {
                                before?: {
                                    [key: string]: unknown;
                                };
                                after?: {
                                    [key: string]: unknown;
                                };
                            };
                        }[];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden. type: `urn:latchkey:problem:forbidden` (forbidden) */
            403: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminAuditList: {
        parameters: {
            query?: {
                /** @example key */
                resourceType?: string;
                resourceId?: string;
                actorId?: string;
                /** @example key.revoked */
                action?: string;
                /** @example 2026-11-21T10:15:30.123Z */
                from?: string;
                /** @example 2026-11-21T10:15:30.123Z */
                to?: string;
                limit?: number;
                /** @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b */
                startAfterId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        auditRecords: {
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            id: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T10:15:30.123Z
                             */
                            at: string;
                            actor: {
                                type: "admin" | "client" | "appUser" | "bridge" | "system";
                                /** @description The client id, the app user, the bridge, or the job; null for the operator */
                                id: string | null;
                            };
                            /** @example key.revoked */
                            action: string;
                            resource: {
                                type: string;
                                id: string | null;
                            };
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            projectId?: string;
                            /**
                             * Format: uuid
                             * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                             */
                            organizationId?: string;
                            requestId: string | null;
                            sourceAddress: string | null;
                            /** @description The fields that changed, before and after; secrets are never recorded */
                            changes: {
                                before?: {
                                    [key: string]: unknown;
                                };
                                after?: {
                                    [key: string]: unknown;
                                };
                            };
                        }[];
                        startAfterId?: string;
                    };
                };
            };
            /** @description Invalid request. type: `urn:latchkey:problem:validation-error` (invalid request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized. type: `urn:latchkey:problem:unauthorized` (unauthorized) */
            401: {
                headers: {
                    /** @description RFC 6750 challenge: Bearer realm="latchkey", error="…" */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found. type: `urn:latchkey:problem:not-found` (not found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Internal server error. type: `urn:latchkey:problem:internal-error` (internal server error) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable. type: `urn:latchkey:problem:service-unavailable` (service unavailable) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhook_accessEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    action: "locked" | "unlocked";
                    /**
                     * Format: date-time
                     * @description When it happened (the reporting device clock)
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    /**
                     * Format: uuid
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    keyId: string;
                    /**
                     * Format: uuid
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    lockId: string;
                    lockName: string;
                    /** @example +4799887766 */
                    appUserId: string;
                    /** @description The managed user name, else the app user name, else "" */
                    userName: string;
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_lock_operated: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "lock.operated";
                    /**
                     * Format: uuid
                     * @description The envelope id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When it happened
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    data: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @description The lock the record belongs to
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        at: string;
                        kind: "operated" | "operationFailed" | "wrongCode" | "jammed" | "lowBattery" | "connected" | "disconnected" | "pinWritten" | "pinRemoved";
                        source: "keypad" | "remote" | "manual" | "auto" | "integrator" | null;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        keyId?: string;
                        /** @description What the lock said, in words */
                        detail: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_lock_operationFailed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "lock.operationFailed";
                    /**
                     * Format: uuid
                     * @description The envelope id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When it happened
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    data: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @description The lock the record belongs to
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        at: string;
                        kind: "operated" | "operationFailed" | "wrongCode" | "jammed" | "lowBattery" | "connected" | "disconnected" | "pinWritten" | "pinRemoved";
                        source: "keypad" | "remote" | "manual" | "auto" | "integrator" | null;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        keyId?: string;
                        /** @description What the lock said, in words */
                        detail: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_lock_wrongCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "lock.wrongCode";
                    /**
                     * Format: uuid
                     * @description The envelope id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When it happened
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    data: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @description The lock the record belongs to
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        at: string;
                        kind: "operated" | "operationFailed" | "wrongCode" | "jammed" | "lowBattery" | "connected" | "disconnected" | "pinWritten" | "pinRemoved";
                        source: "keypad" | "remote" | "manual" | "auto" | "integrator" | null;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        keyId?: string;
                        /** @description What the lock said, in words */
                        detail: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_lock_jammed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "lock.jammed";
                    /**
                     * Format: uuid
                     * @description The envelope id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When it happened
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    data: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @description The lock the record belongs to
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        at: string;
                        kind: "operated" | "operationFailed" | "wrongCode" | "jammed" | "lowBattery" | "connected" | "disconnected" | "pinWritten" | "pinRemoved";
                        source: "keypad" | "remote" | "manual" | "auto" | "integrator" | null;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        keyId?: string;
                        /** @description What the lock said, in words */
                        detail: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_lock_lowBattery: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "lock.lowBattery";
                    /**
                     * Format: uuid
                     * @description The envelope id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When it happened
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    data: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @description The lock the record belongs to
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        at: string;
                        kind: "operated" | "operationFailed" | "wrongCode" | "jammed" | "lowBattery" | "connected" | "disconnected" | "pinWritten" | "pinRemoved";
                        source: "keypad" | "remote" | "manual" | "auto" | "integrator" | null;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        keyId?: string;
                        /** @description What the lock said, in words */
                        detail: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_lock_connected: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "lock.connected";
                    /**
                     * Format: uuid
                     * @description The envelope id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When it happened
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    data: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @description The lock the record belongs to
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        at: string;
                        kind: "operated" | "operationFailed" | "wrongCode" | "jammed" | "lowBattery" | "connected" | "disconnected" | "pinWritten" | "pinRemoved";
                        source: "keypad" | "remote" | "manual" | "auto" | "integrator" | null;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        keyId?: string;
                        /** @description What the lock said, in words */
                        detail: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_lock_disconnected: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "lock.disconnected";
                    /**
                     * Format: uuid
                     * @description The envelope id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When it happened
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    data: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @description The lock the record belongs to
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        at: string;
                        kind: "operated" | "operationFailed" | "wrongCode" | "jammed" | "lowBattery" | "connected" | "disconnected" | "pinWritten" | "pinRemoved";
                        source: "keypad" | "remote" | "manual" | "auto" | "integrator" | null;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        keyId?: string;
                        /** @description What the lock said, in words */
                        detail: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_lock_pinWritten: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "lock.pinWritten";
                    /**
                     * Format: uuid
                     * @description The envelope id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When it happened
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    data: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @description The lock the record belongs to
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        at: string;
                        kind: "operated" | "operationFailed" | "wrongCode" | "jammed" | "lowBattery" | "connected" | "disconnected" | "pinWritten" | "pinRemoved";
                        source: "keypad" | "remote" | "manual" | "auto" | "integrator" | null;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        keyId?: string;
                        /** @description What the lock said, in words */
                        detail: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_lock_pinRemoved: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "lock.pinRemoved";
                    /**
                     * Format: uuid
                     * @description The envelope id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When it happened
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    data: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @description The lock the record belongs to
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        at: string;
                        kind: "operated" | "operationFailed" | "wrongCode" | "jammed" | "lowBattery" | "connected" | "disconnected" | "pinWritten" | "pinRemoved";
                        source: "keypad" | "remote" | "manual" | "auto" | "integrator" | null;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        keyId?: string;
                        /** @description What the lock said, in words */
                        detail: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_key_created: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "key.created";
                    /**
                     * Format: uuid
                     * @description The envelope id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When it happened
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    data: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /** @example +4799887766 */
                        appUserId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        start: string;
                        end: string | null;
                        recurrence: {
                            windows: {
                                days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                                /** @example 08:00 */
                                from: string;
                                /**
                                 * @description earlier than `from`: the window runs past midnight; equal to `from`: invalid
                                 * @example 17:00
                                 */
                                to: string;
                            }[];
                        } | null;
                        state: "scheduled" | "active" | "expired" | "revoked";
                        origin: "integrator" | "shared";
                        /** @example +4799887766 */
                        sharedBy?: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        created: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        revoked?: string;
                        metadata: {
                            [key: string]: string;
                        };
                        /** @description The key's PIN code on a lock with a keypad; absent when the key has none */
                        pin?: {
                            /** @description The digits to type on the lock's keypad. Shown to project.admin and to the key's app user only. */
                            code?: string;
                            /** @description `pending`: not on the lock yet (or its removal is not done yet); `set`: on the lock; `failed`: the lock cannot take it (see `error`); `removed`: taken off the lock after the key ended */
                            status: "pending" | "set" | "failed" | "removed";
                            /** @description Why the PIN is not on the lock, in plain words, naming the limit it hit */
                            error?: {
                                title: string;
                                detail: string;
                            };
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_key_revoked: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "key.revoked";
                    /**
                     * Format: uuid
                     * @description The envelope id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When it happened
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    data: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /** @example +4799887766 */
                        appUserId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        start: string;
                        end: string | null;
                        recurrence: {
                            windows: {
                                days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                                /** @example 08:00 */
                                from: string;
                                /**
                                 * @description earlier than `from`: the window runs past midnight; equal to `from`: invalid
                                 * @example 17:00
                                 */
                                to: string;
                            }[];
                        } | null;
                        state: "scheduled" | "active" | "expired" | "revoked";
                        origin: "integrator" | "shared";
                        /** @example +4799887766 */
                        sharedBy?: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        created: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        revoked?: string;
                        metadata: {
                            [key: string]: string;
                        };
                        /** @description The key's PIN code on a lock with a keypad; absent when the key has none */
                        pin?: {
                            /** @description The digits to type on the lock's keypad. Shown to project.admin and to the key's app user only. */
                            code?: string;
                            /** @description `pending`: not on the lock yet (or its removal is not done yet); `set`: on the lock; `failed`: the lock cannot take it (see `error`); `removed`: taken off the lock after the key ended */
                            status: "pending" | "set" | "failed" | "removed";
                            /** @description Why the PIN is not on the lock, in plain words, naming the limit it hit */
                            error?: {
                                title: string;
                                detail: string;
                            };
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_key_expired: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "key.expired";
                    /**
                     * Format: uuid
                     * @description The envelope id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When it happened
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    data: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /** @example +4799887766 */
                        appUserId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        start: string;
                        end: string | null;
                        recurrence: {
                            windows: {
                                days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                                /** @example 08:00 */
                                from: string;
                                /**
                                 * @description earlier than `from`: the window runs past midnight; equal to `from`: invalid
                                 * @example 17:00
                                 */
                                to: string;
                            }[];
                        } | null;
                        state: "scheduled" | "active" | "expired" | "revoked";
                        origin: "integrator" | "shared";
                        /** @example +4799887766 */
                        sharedBy?: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        created: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        revoked?: string;
                        metadata: {
                            [key: string]: string;
                        };
                        /** @description The key's PIN code on a lock with a keypad; absent when the key has none */
                        pin?: {
                            /** @description The digits to type on the lock's keypad. Shown to project.admin and to the key's app user only. */
                            code?: string;
                            /** @description `pending`: not on the lock yet (or its removal is not done yet); `set`: on the lock; `failed`: the lock cannot take it (see `error`); `removed`: taken off the lock after the key ended */
                            status: "pending" | "set" | "failed" | "removed";
                            /** @description Why the PIN is not on the lock, in plain words, naming the limit it hit */
                            error?: {
                                title: string;
                                detail: string;
                            };
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_key_shared: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "key.shared";
                    /**
                     * Format: uuid
                     * @description The envelope id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When it happened
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    data: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /** @example +4799887766 */
                        appUserId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        start: string;
                        end: string | null;
                        recurrence: {
                            windows: {
                                days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                                /** @example 08:00 */
                                from: string;
                                /**
                                 * @description earlier than `from`: the window runs past midnight; equal to `from`: invalid
                                 * @example 17:00
                                 */
                                to: string;
                            }[];
                        } | null;
                        state: "scheduled" | "active" | "expired" | "revoked";
                        origin: "integrator" | "shared";
                        /** @example +4799887766 */
                        sharedBy?: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        created: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        revoked?: string;
                        metadata: {
                            [key: string]: string;
                        };
                        /** @description The key's PIN code on a lock with a keypad; absent when the key has none */
                        pin?: {
                            /** @description The digits to type on the lock's keypad. Shown to project.admin and to the key's app user only. */
                            code?: string;
                            /** @description `pending`: not on the lock yet (or its removal is not done yet); `set`: on the lock; `failed`: the lock cannot take it (see `error`); `removed`: taken off the lock after the key ended */
                            status: "pending" | "set" | "failed" | "removed";
                            /** @description Why the PIN is not on the lock, in plain words, naming the limit it hit */
                            error?: {
                                title: string;
                                detail: string;
                            };
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_key_pinChanged: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "key.pinChanged";
                    /**
                     * Format: uuid
                     * @description The envelope id; also the webhook-id header
                     * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                     */
                    id: string;
                    /**
                     * Format: date-time
                     * @description When it happened
                     * @example 2026-11-21T10:15:30.123Z
                     */
                    created: string;
                    data: {
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @example 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b
                         */
                        lockId: string;
                        /** @example +4799887766 */
                        appUserId: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        start: string;
                        end: string | null;
                        recurrence: {
                            windows: {
                                days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                                /** @example 08:00 */
                                from: string;
                                /**
                                 * @description earlier than `from`: the window runs past midnight; equal to `from`: invalid
                                 * @example 17:00
                                 */
                                to: string;
                            }[];
                        } | null;
                        state: "scheduled" | "active" | "expired" | "revoked";
                        origin: "integrator" | "shared";
                        /** @example +4799887766 */
                        sharedBy?: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        created: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T10:15:30.123Z
                         */
                        revoked?: string;
                        metadata: {
                            [key: string]: string;
                        };
                        /** @description The key's PIN code on a lock with a keypad; absent when the key has none */
                        pin?: {
                            /** @description The digits to type on the lock's keypad. Shown to project.admin and to the key's app user only. */
                            code?: string;
                            /** @description `pending`: not on the lock yet (or its removal is not done yet); `set`: on the lock; `failed`: the lock cannot take it (see `error`); `removed`: taken off the lock after the key ended */
                            status: "pending" | "set" | "failed" | "removed";
                            /** @description Why the PIN is not on the lock, in plain words, naming the limit it hit */
                            error?: {
                                title: string;
                                detail: string;
                            };
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
