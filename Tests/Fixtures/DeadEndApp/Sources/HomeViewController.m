#import "AddNoteViewController.h"

@implementation HomeViewController

- (IBAction)addTapped:(id)sender {
    AddNoteViewController *add = [[AddNoteViewController alloc] initWithNibName:@"AddNote" bundle:nil];
    [self presentViewController:add animated:YES completion:nil];
}

- (IBAction)showBookmarks:(id)sender {
    UIViewController *bookmarks = [self.storyboard instantiateViewControllerWithIdentifier:@"bookmarksNav"];
    [self presentViewController:bookmarks animated:YES completion:nil];
}

@end
