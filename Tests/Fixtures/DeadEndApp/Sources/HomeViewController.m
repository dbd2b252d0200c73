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

- (IBAction)showHistory:(id)sender {
    UIViewController *history = [self.storyboard instantiateViewControllerWithIdentifier:@"history"];
    UINavigationController *navigation = [[UINavigationController alloc] initWithRootViewController:history];
    [self presentViewController:navigation animated:YES completion:nil];
}

- (IBAction)showTags:(id)sender {
    [self presentViewController:[TagsViewController instantiate] animated:YES completion:nil];
}

@end
