// swift-tools-version: 6.1
import PackageDescription

/// One settings array shared by every target: Swift 6 language mode (strict concurrency).
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

// Linux only: the HTTP layer (SegueHTTP over libmicrohttpd) waits on epoll and eventfd, and the
// session storage and flow watcher use Glibc and inotify. No Apple platform is declared because
// none builds.
let package = Package(
    name: "Segue",
    products: [
        .executable(name: "segue", targets: ["segue"]),
        .library(name: "SegueCore", targets: ["SegueCore"]),
        .library(name: "SegueJSON", targets: ["SegueJSON"]),
        .library(name: "SegueServer", targets: ["SegueServer"]),
        .library(name: "SegueTesting", targets: ["SegueTesting"]),
    ],
    // `Postgres` adds the PostgreSQL session store (`--store postgres://…`). It is off by default:
    // its client (postgres-nio over SwiftNIO and BoringSSL) is about half of a cold build's compile
    // steps, and serving one instance needs only the SQLite store. Build it with `--traits Postgres`.
    traits: [
        .trait(name: "Postgres", description: "The PostgreSQL session store (postgres-nio), for several instances sharing sessions."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: [
        // libmicrohttpd as a system library, with a prefixed shim header for its variadic calls.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // zlib (gzip) and libbrotli as system libraries, for compressed responses.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
        // The pure, synchronous core: controllers, storyboard model, event log, canonical paths.
        .target(name: "SegueCore", swiftSettings: swiftSettings),
        // Page URLs: the core's canonical paths behind the pages' route (`/ui/`).
        .target(name: "SeguePageURL", dependencies: ["SegueCore"], swiftSettings: swiftSettings),
        // JSON values, a fast writer, and the JSON API's wire format of state and events.
        .target(name: "SegueJSON", dependencies: ["SegueCore", "SeguePageURL"], swiftSettings: swiftSettings),
        // Flow files (JSON and YAML) into the storyboard model.
        .target(
            name: "SegueFlowFiles",
            dependencies: ["SegueCore", "SegueJSON", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        // Xcode .storyboard XML into the storyboard model.
        .target(name: "SegueStoryboard", dependencies: ["SegueCore", "SegueJSON"], swiftSettings: swiftSettings),
        // Whole apps: an app folder's Info.plist, main interface, nibs and localizations.
        .target(name: "SegueAppFolder", dependencies: ["SegueCore", "SegueStoryboard"], swiftSettings: swiftSettings),
        // Auto Layout for imported views: a Cassowary solver and the constraints of a view tree.
        .target(name: "SegueLayout", dependencies: ["SegueCore"], swiftSettings: swiftSettings),
        // Navigation done in code, read from an app's Swift (SwiftSyntax) and Objective-C sources.
        .target(
            name: "SegueSourceNav",
            dependencies: [
                "SegueCore", "SegueJSON", .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: swiftSettings
        ),
        // HTML pages from the core's screen model.
        .target(name: "SegueAssets", dependencies: ["SegueCore"], swiftSettings: swiftSettings),

        .target(name: "SegueHTML", dependencies: ["SegueCore", "SeguePageURL", "SegueLayout", "SegueAssets"], swiftSettings: swiftSettings),
        // A small HTTP/1.1 server over libmicrohttpd: requests in, responses out.
        .target(name: "SegueHTTP", dependencies: ["CMicroHTTPD", "CZlib", "CBrotli"], swiftSettings: swiftSettings),
        // The application: sessions, storage, JSON API, pages, static files.
        .target(
            name: "SegueServer",
            dependencies: [
                "SegueCore", "SeguePageURL", "SegueJSON", "SegueFlowFiles", "SegueStoryboard", "SegueAppFolder", "SegueHTML", "SegueHTTP", "SegueSourceNav", "SegueAssets",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Durable session storage: an embedded SQLite file (the default of `segue serve`).
        .target(
            name: "SegueStoreSQLite",
            dependencies: [
                "SegueServer", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        // Shared session storage on a PostgreSQL server (several `segue serve` behind a balancer).
        // Empty unless the `Postgres` trait is enabled (its sources are all `#if Postgres`).
        .target(
            name: "SegueStorePostgres",
            dependencies: [
                "SegueServer",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Flow tests: test files, a client of the API in process or over HTTP, the runner and reports.
        .target(
            name: "SegueTesting",
            dependencies: [
                "SegueServer", "SeguePageURL", "SegueJSON", "SegueFlowFiles", .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The MCP server (official Swift SDK): tools an agent explores a flow with, over stdio or /mcp.
        .target(
            name: "SegueMCP",
            dependencies: [
                "SegueServer", "SegueHTTP", "SegueJSON", "SegueTesting", .product(name: "MCP", package: "swift-sdk"),
            ],
            swiftSettings: swiftSettings
        ),
        // The `segue` commands (serve, check, graph, test, mcp), as a library the tests run in process.
        .target(
            name: "SegueCLI",
            dependencies: [
                "SegueServer", "SegueHTML", "SegueAppFolder", "SegueStoreSQLite", "SegueStorePostgres", "SegueTesting", "SegueSourceNav", "SegueMCP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "segue",
            dependencies: ["SegueCLI", "SegueSourceNav", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        // The Swift example: a controller subclass registered for a scene's `class`.
        .executableTarget(
            name: "mail-guarded",
            dependencies: ["SegueServer"],
            path: "Examples/MailGuarded",
            swiftSettings: swiftSettings
        ),
        // The custom container example (WWDC 2011 containment): transition(from:to:) in Swift.
        .executableTarget(
            name: "recipes",
            dependencies: ["SegueServer"],
            path: "Examples/Recipes",
            swiftSettings: swiftSettings
        ),

        // The fuzz targets: one entry point per importer or decoder, run by libFuzzer (`segue-fuzz`
        // below) and by the mutation smoke tests. Adding one: docs/Testing.md, "Fuzzing". The
        // readers' targets need neither the server nor SwiftSyntax (`segue-fuzz-readers`).
        .target(
            name: "SegueFuzzReaders",
            dependencies: ["SegueCore", "SeguePageURL", "SegueJSON", "SegueFlowFiles", "SegueStoryboard", "SegueAppFolder", "SegueAssets"],
            path: "Tests/Fuzz/Readers",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SegueFuzzTargets",
            dependencies: ["SegueFuzzReaders", "SegueCore", "SegueServer", "SegueSourceNav"],
            path: "Tests/Fuzz/Targets",
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "SegueFuzzTests", dependencies: ["SegueFuzzTargets"], swiftSettings: swiftSettings),

        // Shared by the test targets: a scratch folder removed when the test process exits.
        .target(name: "SegueTestSupport", path: "Tests/SegueTestSupport", swiftSettings: swiftSettings),
        .testTarget(name: "SegueCoreTests", dependencies: ["SegueCore", "SeguePageURL", "SegueJSON"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SegueFlowFilesTests",
            dependencies: ["SegueFlowFiles", "SeguePageURL", "SegueStoryboard", "SegueTestSupport", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "SegueStoryboardTests", dependencies: ["SegueStoryboard", "SegueAppFolder", "SegueServer", "SegueTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "SegueSourceNavTests", dependencies: ["SegueSourceNav", "SegueStoryboard", "SegueFlowFiles", "SegueTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "SegueLayoutTests", dependencies: ["SegueLayout", "SegueStoryboard", "SegueTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "SegueHTMLTests", dependencies: ["SegueHTML", "SeguePageURL", "SegueFlowFiles"], swiftSettings: swiftSettings),
        .testTarget(name: "SegueHTTPTests", dependencies: ["SegueHTTP", "SegueTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SegueServerTests",
            dependencies: ["SegueServer", "SeguePageURL", "SegueJSON", "SegueFlowFiles", "SegueStoryboard", "SegueAppFolder", "SegueTesting", "SegueCLI", "SegueTestSupport", "SegueAssets", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SegueTestingTests",
            dependencies: ["SegueTesting", "SegueServer", "SegueJSON", "SegueFlowFiles", "SegueTestSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SegueMCPTests",
            dependencies: [
                "SegueMCP", "SegueServer", "SegueFlowFiles", "SegueTesting", "SegueJSON", "SegueTestSupport", .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SegueStoreTests",
            dependencies: [
                "SegueServer", "SegueFlowFiles", "SegueStoreSQLite", "SegueStorePostgres", "SegueTesting", "SegueTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)

// The libFuzzer executables, declared only for fuzz builds (`SEGUE_FUZZ=1`, Tests/Fuzz/build.sh,
// which compiles everything with `-sanitize=fuzzer,address`): an ordinary build has no libFuzzer
// to link them with. `segue-fuzz` runs every target; `segue-fuzz-readers` the readers' only.
if Context.environment["SEGUE_FUZZ"] == "1" {
    package.targets += [
        .target(name: "CFuzzer", path: "Tests/Fuzz/CFuzzer"),
        .target(name: "SegueFuzzDriver", dependencies: ["CFuzzer", "SegueFuzzReaders"], path: "Tests/Fuzz/DriverSupport",
                swiftSettings: swiftSettings),
        .executableTarget(
            name: "segue-fuzz",
            dependencies: ["SegueFuzzDriver", "SegueFuzzTargets"],
            path: "Tests/Fuzz/Driver",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "segue-fuzz-readers",
            dependencies: ["SegueFuzzDriver", "SegueFuzzReaders"],
            path: "Tests/Fuzz/ReadersDriver",
            swiftSettings: swiftSettings
        ),
    ]
}
