#import "SettingsViewController.h"

#define kLegalIdentifier @"legal"
NSString * const SettingsComposeIdentifier = @"compose";

@implementation SettingsViewController

- (IBAction)done:(id)sender {
    [self dismissViewControllerAnimated:YES completion:nil];
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    UIViewController *legal = [self.storyboard instantiateViewControllerWithIdentifier:kLegalIdentifier];
    [self.navigationController pushViewController:legal animated:YES];
}

/* [self presentViewController:commented animated:YES completion:nil]; */
- (void)showCompose {
    UIStoryboard *board = [UIStoryboard storyboardWithName:@"Main" bundle:nil];
    UIViewController *compose = [board instantiateViewControllerWithIdentifier:SettingsComposeIdentifier];
    compose.modalPresentationStyle = UIModalPresentationPageSheet;
    [self presentViewController:compose animated:YES completion:^{
        NSLog(@"shown %@", @"[compose]");
    }];
}

@end
