import SwiftSyntax

/// Code compiled for another platform than iOS, in a repository that builds for several
/// (`#if os(macOS) … #endif`, the `#else` of `#if os(iOS)`): the readers skip it, as the iOS
/// compiler does; so is Mac Catalyst's (`#if targetEnvironment(macCatalyst)`: an iPhone or iPad
/// build takes the `#else`), and `#if false`'s. Other conditions (`DEBUG`, combined ones) are
/// read whole.
enum SwiftPlatforms {
    static let otherPlatforms = ["os(macOS)", "os(OSX)", "canImport(AppKit)", "os(watchOS)", "os(tvOS)", "os(visionOS)",
                                 "targetEnvironment(macCatalyst)"]
    static let iOSOnly: Set<String> = ["os(iOS)", "canImport(UIKit)"]

    static func isForOtherPlatform(_ clause: IfConfigClauseSyntax) -> Bool {
        if let condition = clause.condition?.trimmedDescription {
            // `#if false`: code no build compiles.
            if condition == "false" || condition == "0" { return true }
            guard !condition.contains("!"), !condition.contains("||"), !condition.contains("os(iOS)") else { return false }
            return otherPlatforms.contains(where: condition.contains)
        }
        // `#else` after a clause for iOS alone.
        guard let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) else { return false }
        return clauses.contains { $0.condition.map { iOSOnly.contains($0.trimmedDescription) } ?? false }
    }
}
