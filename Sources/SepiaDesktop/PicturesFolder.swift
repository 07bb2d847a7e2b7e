import CGtk
import Foundation

/// The user's pictures folder: what `sepia-gtk` browses when it is started with no source, as
/// from the desktop's app menu.
package enum PicturesFolder {
    /// The XDG pictures folder (`XDG_PICTURES_DIR` of `user-dirs.dirs`, as GLib reads it), else
    /// `Pictures` in the home folder; nil when neither is a folder.
    package static func find() -> String? {
        var candidates: [String] = []
        if let special = g_get_user_special_dir(G_USER_DIRECTORY_PICTURES) {
            candidates.append(String(cString: special))
        }
        candidates.append(String(cString: g_get_home_dir()) + "/Pictures")
        return candidates.first { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
    }
}
