#import "SettingsViewController.h"
#import "AboutViewController.h"

#define kLegalIdentifier @"legal"
NSString * const SettingsAboutIdentifier = @"about";

@implementation SettingsViewController

- (IBAction)done:(id)sender {
    [self dismissViewControllerAnimated:YES completion:nil];
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    UIViewController *legal = [self.storyboard instantiateViewControllerWithIdentifier:kLegalIdentifier];
    [self.navigationController pushViewController:legal animated:YES];
}

/* Called when the account changes: [self presentViewController:nothing animated:YES completion:nil]; */
- (void)showAbout {
    // [self.navigationController pushViewController:commentedOut animated:YES];
    UIStoryboard *board = [UIStoryboard storyboardWithName:@"Settings" bundle:nil];
    AboutViewController *about = (AboutViewController *)[board instantiateViewControllerWithIdentifier:SettingsAboutIdentifier];
    about.modalPresentationStyle = UIModalPresentationPageSheet;
    [self presentViewController:about animated:YES completion:^{
        NSLog(@"shown %@", @"[about presented]");
    }];
}

@end
